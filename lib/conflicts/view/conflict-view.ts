import type { ConflictRecord } from '../conflict-record';
import type { ContradictionRecord } from '../contradiction-record';
import type { FactValue } from '../../facts/fact-value';

// How the dashboard talks about a contradiction: its values, the suggested one, its age, its decision.
// Pure and browser-safe (type imports only).

/** Two values are the same when type and payload match (datetimes as instants). */
export function sameValue(a: FactValue, b: FactValue): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'null' || b.type === 'null') return true;
  if (a.type === 'datetime') return Date.parse(String(a.v)) === Date.parse(String(b.v));
  return a.v === b.v;
}

/** Where the suggestion points among a contradiction's values (0-based), or null when a person must decide. */
export function suggestedIndex(contradiction: Pick<ContradictionRecord, 'values' | 'suggestion'>): number | null {
  const winner = contradiction.suggestion?.winning_fact_id;
  if (!winner) return null;
  const index = contradiction.values.findIndex((v) => v.fact?.id === winner);
  return index === -1 ? null : index;
}

/** "value 2": values are numbered from 1 in the order the API lists them (strongest first). */
export const valueName = (index: number) => `value ${index + 1}`;

/** "entity · relation", the name of a conflict in messages. */
export function conflictName(conflict: Pick<ConflictRecord, 'entity' | 'relation'>): string {
  return `${conflict.entity} · ${conflict.relation}`;
}

/** Age in the queue: days with one decimal, the API's own rounding. */
export function formatAge(days: number | null): string {
  if (days === null) return '—';
  if (days < 1) return '< 1 day';
  return `${days.toFixed(1)} days`;
}

export const BASIS_TEXT: Record<string, string> = {
  manual: 'Picked by a person',
  evidence: 'Auto-resolved on evidence',
  confidence: 'Auto-resolved on confidence',
  dismissed: 'Dismissed as not a contradiction',
  retracted: 'Closed when its values were retracted',
  merged: 'Merged into the contradiction of its triple',
};

export const SUGGESTION_BASIS_TEXT: Record<'evidence' | 'confidence', string> = {
  evidence: 'Recent evidence: only this value was re-asserted since the contradiction opened',
  confidence: 'Higher confidence, by at least 0.2',
};

/** The note recorded when a person accepts a suggestion, so the record says why. */
export function suggestionNote(suggestion: { basis: string; reason: string }): string {
  return `Accepted the suggestion (${suggestion.basis}): ${suggestion.reason}`;
}

/** The status word shown for a conflict: dismissals are resolutions with their own name. */
export function conflictStatusWord(conflict: Pick<ConflictRecord | ContradictionRecord, 'status' | 'resolution_basis'>): string {
  return conflict.resolution_basis === 'dismissed' ? 'dismissed' : conflict.status;
}

/** Whole days from `now` until a cooldown ends; 0 or less when it has ended. */
export function cooldownDaysLeft(until: string | null, now: Date): number | null {
  if (!until) return null;
  return Math.ceil((Date.parse(until) - now.getTime()) / 86_400_000);
}
