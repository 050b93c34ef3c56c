import { z } from 'zod';
import { getDb } from '../db/prisma';
import { badRequest } from '../errors/domain-error';
import { isIsoDateTime } from '../facts/fact-value';
import { formatHlc, type Hlc, parseHlc } from '../time/hlc';
import { formatInstant } from '../time/instant';

// Time travel (docs/api.md § Time travel): `as_of` names an instant of the log, as an RFC 3339
// date-time or an HLC. The answer is the one the node gives from the facts recorded up to that
// point, with expiry judged at that instant.

/** The instant a read is answered at: the newest HLC it includes, and its wall-clock time. */
export interface AsOf {
  /** Facts with an HLC at or below this are in the log "as of" the instant. */
  hlc: Hlc;
  /** For expiry and for contradictions opened or decided by then (their times are wall clock). */
  instant: Date;
  /** How the caller wrote it, echoed back. */
  text: string;
}

/** The largest counter an HLC can carry (nine digits): an instant's bound takes every HLC of its millisecond. */
const MAX_COUNTER = 999_999_999;

/** Clock skew allowed between the caller and the node before an instant counts as in the future. */
export const FUTURE_SKEW_MS = 5_000;

/** The query or body field: a string, parsed by parseAsOf (400 on anything it cannot read). */
export const asOfField = z.string({ error: 'as_of must be a string: an RFC 3339 date-time or an HLC' }).max(64, 'as_of is too long').optional();

/**
 * `as_of` read against the node's clock: an instant is in the future when it is past both the wall
 * clock and the newest HLC the log holds (the node's HLC may run ahead of its wall clock after an
 * import from a node whose clock is ahead), give or take FUTURE_SKEW_MS.
 */
export async function readAsOf(text: string): Promise<AsOf> {
  const [newest] = await (await getDb()).$queryRaw<{ hlc_wall: bigint }[]>`SELECT hlc_wall FROM facts ORDER BY hlc_wall DESC, hlc_counter DESC LIMIT 1`;
  const wall = Date.now();
  return parseAsOf(text, new Date(Math.max(wall, Number(newest?.hlc_wall ?? 0))));
}

/** `as_of` as text; `now` is the latest instant the node knows of (readAsOf). */
export function parseAsOf(text: string, now = new Date()): AsOf {
  const trimmed = text.trim();
  let asOf: AsOf;
  const hlc = parseHlc(trimmed);
  if (hlc) {
    asOf = { hlc, instant: new Date(hlc.wall), text: trimmed };
  } else if (isIsoDateTime(trimmed)) {
    const instant = new Date(trimmed);
    // Every HLC issued within the instant's millisecond is at or before it.
    asOf = { hlc: { wall: instant.getTime(), counter: MAX_COUNTER }, instant, text: trimmed };
  } else {
    throw badRequest('invalid_as_of', `as_of: "${trimmed.slice(0, 64)}" is neither an RFC 3339 date-time with a time zone (2026-11-20T14:00:00Z) nor an HLC (1763647200000.000)`);
  }
  if (!Number.isFinite(asOf.instant.getTime()) || asOf.instant.getTime() < 0) throw badRequest('invalid_as_of', 'as_of: not an instant this node can read');
  if (asOf.instant.getTime() > now.getTime() + FUTURE_SKEW_MS) {
    throw badRequest('as_of_in_future', `as_of: ${formatInstant(asOf.instant)} is in the future (the node's clock reads ${formatInstant(now)}): the log has no answer yet`);
  }
  return asOf;
}

/** The instant itself as an AsOf (a caller that already knows it is in the past: a replayed health run). */
export function asOfInstant(instant: Date): AsOf {
  return { hlc: { wall: instant.getTime(), counter: MAX_COUNTER }, instant, text: formatInstant(instant) };
}

/** The as_of fields of an answer: the instant it describes, as an RFC 3339 date-time and as an HLC bound. */
export function asOfFields(asOf: AsOf): { as_of: string; as_of_hlc: string } {
  return { as_of: formatInstant(asOf.instant), as_of_hlc: formatHlc(asOf.hlc) };
}
