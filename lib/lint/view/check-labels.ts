import type { LintCheck } from '@/lib/lint/lint-request';

/** How the dashboard names each check (§14.1, Spec-20's namespacing, memory integrity's two). */
export const CHECK_LABELS: Record<LintCheck, string> = {
  contradiction: 'Contradiction',
  stale: 'Stale',
  orphan: 'Orphan',
  broken_ref: 'Broken ref',
  namespacing: 'Namespacing',
  injection: 'Injection',
  sensitive: 'Sensitive data',
};
