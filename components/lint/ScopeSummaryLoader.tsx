import type { ScopeHealth } from '@/lib/lint/lint-summary';
import { ScopeSummary } from './ScopeSummary';

/** The scope page's headline once the scope's health is computed (the page streams it in). */
export async function ScopeSummaryLoader({ health }: { health: Promise<ScopeHealth> }) {
  return <ScopeSummary health={await health} />;
}
