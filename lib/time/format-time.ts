import { parseHlc } from './hlc';

// How the dashboard writes an instant for people: relative to now ("3 days ago", "in 2 hours"), with
// the exact UTC instant (and the HLC, when there is one) one hover away. Pure, so the server and the
// browser agree given the same `now`, and so it is unit-tested.

const UNITS: { unit: Intl.RelativeTimeFormatUnit; ms: number; below: number }[] = [
  { unit: 'second', ms: 1_000, below: 45 },
  { unit: 'minute', ms: 60_000, below: 45 },
  { unit: 'hour', ms: 3_600_000, below: 22 },
  { unit: 'day', ms: 86_400_000, below: 26 },
  { unit: 'month', ms: 2_629_746_000, below: 11 },
  { unit: 'year', ms: 31_556_952_000, below: Infinity },
];

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "in 3 days", "2 years ago"; null for an unreadable instant. */
export function formatRelativeTime(iso: string, nowMs: number): string | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const diff = at - nowMs;
  if (Math.abs(diff) < 45_000) return 'just now';
  for (const { unit, ms, below } of UNITS) {
    const amount = Math.round(diff / ms);
    if (Math.abs(amount) < below) return relativeFormat.format(amount, unit);
  }
  return null; // unreachable: the last unit has no upper bound
}

/** "2026-11-20 14:03:11 UTC": the same on the server and in every browser (no locale, no zone). */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** The wall-clock instant of an HLC ("1791679314803.000" → its ISO time), or null if it is not one. */
export function hlcInstant(hlc: string): string | null {
  const parsed = parseHlc(hlc);
  if (!parsed) return null;
  const date = new Date(parsed.wall);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The hover text: the exact instant, and the HLC when the time came from one. */
export function exactTimeText(iso: string, hlc?: string | null): string {
  return hlc ? `${formatUtc(iso)} · HLC ${hlc}` : formatUtc(iso);
}
