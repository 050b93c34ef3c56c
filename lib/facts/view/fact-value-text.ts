import type { FactValue } from '../fact-value';

// How a fact value and its confidence read, everywhere: the dashboard (server and client
// components), the exports, the lint messages, context blocks and cards. Type imports only, so the
// browser can load it; the value hash (node:crypto) lives apart in lib/facts/hash-value.ts.

/** One line of text for a value; null reads "(null)" (Spec-19 context blocks render it so too). */
export function factValueText(value: FactValue): string {
  return value.type === 'null' ? '(null)' : String(value.v);
}

/** The value's type tag, for a badge beside the text; undefined for anything that is not a value. */
export function factValueType(value: unknown): string | undefined {
  return value && typeof value === 'object' && 'type' in value ? String((value as { type: unknown }).type) : undefined;
}

/** Confidence as the dashboard shows it everywhere: two decimals, a dash when there is none. */
export function formatConfidence(confidence: number | null | undefined): string {
  return typeof confidence === 'number' && Number.isFinite(confidence) ? confidence.toFixed(2) : '—';
}
