import { getSideClient, type Tx } from '../db/prisma';
import { compareHlc, type Hlc, HLC_COUNTERS_PER_MS } from '../time/hlc';

// The node's HLC clock without a global lock (docs/decisions.md § Parallel writes). One row,
// hlc_clock.issued, holds the last HLC issued as one number, wall_ms * 1000 + counter. A writer
// reserves the run of HLCs it needs with one UPDATE that moves the row past three things: what
// was issued, the physical clock, and any HLC the write has seen (an import's). On PostgreSQL the
// UPDATE runs on a connection of its own and commits at once, so the row is locked for that one
// statement, not for the writer's transaction: writers on every instance reserve disjoint runs,
// and the clock never goes back, whichever of them commits first. On PGlite, with one session and
// one transaction at a time, the same statement runs in the writer's transaction.

/** An HLC as the clock row counts it: a counter above 999 (an imported HLC's) counts as 999. */
export function hlcTick(hlc: Hlc): number {
  return hlc.wall * HLC_COUNTERS_PER_MS + Math.min(hlc.counter, HLC_COUNTERS_PER_MS - 1);
}

export function tickHlc(tick: number): Hlc {
  return { wall: Math.floor(tick / HLC_COUNTERS_PER_MS), counter: tick % HLC_COUNTERS_PER_MS };
}

/** The run of HLCs reserved for one write, handed out in order. */
export class HlcRun {
  private next: number;

  constructor(
    readonly first: number,
    readonly count: number,
  ) {
    this.next = first;
  }

  take(): Hlc {
    if (this.next >= this.first + this.count) throw new Error(`HLC run of ${this.count} exhausted`);
    return tickHlc(this.next++);
  }
}

const RESERVE = `
  INSERT INTO hlc_clock AS c (id, issued) VALUES (1, greatest($1::bigint + $2::bigint - 1, $3::bigint + $2::bigint))
  ON CONFLICT (id) DO UPDATE SET issued = greatest(c.issued + $2::bigint, $1::bigint + $2::bigint - 1, $3::bigint + $2::bigint)
  RETURNING issued`;

/**
 * Reserves `count` consecutive HLCs, each above every HLC issued before, above `seen` (the newest
 * HLC the write brings, an import's) and at or above the physical clock. count 0 only moves the clock.
 */
export async function reserveHlcs(tx: Tx, count: number, seen: Hlc | null = null, now = Date.now()): Promise<HlcRun> {
  if (!count && !seen) return new HlcRun(0, 0);
  const params = [now * HLC_COUNTERS_PER_MS, count, seen ? hlcTick(seen) : 0];
  const side = await getSideClient();
  const issued = side
    ? (await side.query<{ issued: string }>(RESERVE, params)).rows[0].issued
    : (await tx.$queryRawUnsafe<{ issued: bigint }[]>(RESERVE, ...params))[0].issued;
  return new HlcRun(Number(issued) - count + 1, count);
}

/** The newest of `hlcs`, or null. */
export function newestHlc(hlcs: Iterable<Hlc | undefined>): Hlc | null {
  let newest: Hlc | null = null;
  for (const hlc of hlcs) if (hlc && (!newest || compareHlc(hlc, newest) > 0)) newest = hlc;
  return newest;
}
