import { z } from 'zod';
import { MAX_URI_BYTES, normalizeUri, uriTooLong } from './normalize';

// FactValue: a tagged union of exactly seven types (docs/semantics.md). Anything else is rejected.
// Its hash is in hash-value.ts (server only, node:crypto) and its text in view/fact-value-text.ts.

export const FACT_VALUE_TYPES = ['string', 'text', 'number', 'boolean', 'datetime', 'ref', 'null'] as const;
export type FactValueType = (typeof FACT_VALUE_TYPES)[number];

export type FactValue =
  | { type: 'string' | 'text' | 'datetime' | 'ref'; v: string }
  | { type: 'number'; v: number }
  | { type: 'boolean'; v: boolean }
  | { type: 'null'; v: null };

/** Largest string or text payload, in UTF-8 bytes; larger values answer 413. */
export const MAX_VALUE_BYTES = 64 * 1024;

/**
 * An ISO 8601 date-time with a zone, on a real calendar day: Date.parse alone rolls 2026-02-30
 * over to March 2 and takes 24:00, so the date and hour are checked as written. The instant must
 * fall in year 1 or later, which PostgreSQL timestamps can hold (year 0 makes them fail).
 */
export function isIsoDateTime(s: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.exec(s);
  if (!match || Number.isNaN(Date.parse(s))) return false;
  const [year, month, day, hour] = match.slice(1, 5).map(Number);
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  return calendarDay.getUTCMonth() === month - 1 && calendarDay.getUTCDate() === day && hour < 24 && new Date(s).getUTCFullYear() >= 1;
}

const isoDateTime = z.string().refine(isIsoDateTime, {
  message: 'must be an ISO 8601 date-time with a time zone',
});

export const factValueSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('string'), v: z.string() }),
    z.object({ type: z.literal('text'), v: z.string() }),
    z.object({ type: z.literal('number'), v: z.number().finite() }),
    z.object({ type: z.literal('boolean'), v: z.boolean() }),
    z.object({ type: z.literal('datetime'), v: isoDateTime }),
    // Refs point at an entity URI or a fact id; normalized like entities so they match them.
    z.object({ type: z.literal('ref'), v: z.string().transform(normalizeUri).pipe(z.string().min(1, 'ref target must not be empty').refine((v) => !uriTooLong(v), `ref target is longer than ${MAX_URI_BYTES} bytes`)) }),
    // A null reads {"type":"null","v":null} everywhere, as the reference node sends it; "v" may be left out.
    z.object({ type: z.literal('null'), v: z.null().optional() }).transform(() => ({ type: 'null' as const, v: null })),
  ],
  { error: () => `type must be one of ${FACT_VALUE_TYPES.join(', ')}` },
);

export function valueByteLength(value: FactValue): number {
  return 'v' in value && typeof value.v === 'string' ? Buffer.byteLength(value.v, 'utf8') : 0;
}

/** Canonical form: the same value always hashes the same (datetimes compared as instants). */
export function canonicalValue(value: FactValue): string {
  switch (value.type) {
    case 'null':
      return 'null:';
    case 'datetime':
      return `datetime:${new Date(value.v).toISOString()}`;
    default:
      return `${value.type}:${JSON.stringify(value.v)}`;
  }
}

export function refTarget(value: FactValue): string | null {
  return value.type === 'ref' ? value.v : null;
}
