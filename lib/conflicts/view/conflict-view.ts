import type { ConflictRecord } from '../conflict-record';
import type { FactRecord } from '../../facts/fact-record';
import type { FactValue } from '../../facts/fact-value';

// How the dashboard talks about a conflict: its sides, the suggested one, its age, its decision.
// Pure and browser-safe (type imports only).

export type Side = 'A' | 'B';

/** Two values are the same when type and payload match (datetimes as instants). */
export function sameValue(a: FactValue, b: FactValue): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'null' || b.type === 'null') return true;
  if (a.type === 'datetime') return Date.parse(String(a.v)) === Date.parse(String(b.v));
  return a.v === b.v;
}

export function sideFact(conflict: Pick<ConflictRecord, 'fact_a' | 'fact_b'>, side: Side): FactRecord | null {
  return side === 'A' ? conflict.fact_a : conflict.fact_b;
}

/** Which side the suggestion keeps, or null when a person must decide. */
export function suggestedSide(conflict: Pick<ConflictRecord, 'fact_a' | 'fact_b' | 'suggestion'>): Side | null {
  const winner = conflict.suggestion?.winning_fact_id;
  if (!winner) return null;
  if (conflict.fact_a?.id === winner) return 'A';
  if (conflict.fact_b?.id === winner) return 'B';
  return null;
}

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
  retracted: 'Closed when one side was retracted',
};

export const SUGGESTION_BASIS_TEXT: Record<'evidence' | 'confidence', string> = {
  evidence: 'Recent evidence: only this side was re-asserted since the contradiction was detected',
  confidence: 'Higher confidence, by at least 0.2',
};

/** The note recorded when a person accepts a suggestion, so the record says why. */
export function suggestionNote(suggestion: { basis: string; reason: string }): string {
  return `Accepted the suggestion (${suggestion.basis}): ${suggestion.reason}`;
}

/** The status word shown for a conflict: dismissals are resolutions with their own name. */
export function conflictStatusWord(conflict: Pick<ConflictRecord, 'status' | 'resolution_basis'>): string {
  return conflict.resolution_basis === 'dismissed' ? 'dismissed' : conflict.status;
}

/** Whole days from `now` until a cooldown ends; 0 or less when it has ended. */
export function cooldownDaysLeft(until: string | null, now: Date): number | null {
  if (!until) return null;
  return Math.ceil((Date.parse(until) - now.getTime()) / 86_400_000);
}
