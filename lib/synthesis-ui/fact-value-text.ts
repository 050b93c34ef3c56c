import type { FactValue } from '@/lib/facts/fact-value';

// A fact value as one line of text, for browser code: lib/facts/fact-value.ts pulls node:crypto in,
// so client components use this twin of its renderValue (same output: null as "(null)").

export function factValueText(value: FactValue | null | undefined | unknown): string {
  if (!value || typeof value !== 'object' || !('type' in value)) return '(unknown)';
  const typed = value as { type: string; v?: unknown };
  if (typed.type === 'null') return '(null)';
  return String(typed.v);
}

export function factValueType(value: FactValue | null | undefined | unknown): string | undefined {
  return value && typeof value === 'object' && 'type' in value ? String((value as { type: unknown }).type) : undefined;
}

/** Confidence as the dashboard shows it everywhere: two decimals. */
export function formatConfidence(confidence: number | null | undefined): string {
  return typeof confidence === 'number' && Number.isFinite(confidence) ? confidence.toFixed(2) : '—';
}
