import type { Hlc } from '../time/hlc';
import { hashString } from './prng';

// When seeded facts happened. The timeline is fixed by (facts, seed) alone, not by the clock, so
// the same command always writes the same timestamps and HLCs: it spans SPAN_DAYS and ends a few
// hours before TIMELINE_END (the offset depends on the seed). Fact i sits at
// start + (i + jitter) × span / facts, so HLCs strictly increase and every HLC is in the past.
// Only the "expiring soon" valid_until values are computed from the real current time.

export const SPAN_DAYS = 120;
const DAY_MS = 86_400_000;
/** The default end of every seeded timeline; data written before it looks one to a few days old on 2026-11-22. */
export const TIMELINE_END = Date.UTC(2026, 10, 20);
/** Seeded HLCs stay at least this far behind the clock, so live writes always sort after them. */
export const LIVE_WRITE_MARGIN_MS = 10 * 60_000;

export interface Timeline {
  startMs: number;
  endMs: number;
  /** Wall-clock step per fact (ms; may be fractional for very large seeds). */
  stepMs: number;
}

export function seedTimeline(facts: number, seed: number, options: { endMs?: number; nowMs?: number } = {}): Timeline {
  const [h] = hashString(`timeline:${facts}:${seed}`);
  let endMs = options.endMs ?? TIMELINE_END - (h % (6 * 60)) * 60_000;
  const nowMs = options.nowMs ?? Date.now();
  // A machine whose clock is behind the fixed end still gets a timeline in the past (not
  // reproducible there; the seed script says so).
  if (endMs > nowMs - LIVE_WRITE_MARGIN_MS) endMs = Math.floor((nowMs - LIVE_WRITE_MARGIN_MS) / 60_000) * 60_000;
  const startMs = endMs - SPAN_DAYS * DAY_MS;
  return { startMs, endMs, stepMs: (endMs - startMs) / Math.max(1, facts) };
}

export function timelineIsFixed(facts: number, seed: number, nowMs = Date.now()): boolean {
  const fixed = seedTimeline(facts, seed, { nowMs: Number.MAX_SAFE_INTEGER });
  return fixed.endMs <= nowMs - LIVE_WRITE_MARGIN_MS;
}

/**
 * HLC of the index-th fact. `jitter` in [0, 1) spreads facts inside their slot; when slots are
 * narrower than a millisecond, facts sharing a wall millisecond get increasing counters.
 */
export function hlcAt(timeline: Timeline, index: number, jitter: number, previous: Hlc | null): Hlc {
  const spread = timeline.stepMs >= 2 ? jitter * 0.9 : 0;
  const wall = timeline.startMs + Math.floor((index + spread) * timeline.stepMs);
  if (previous && wall <= previous.wall) return { wall: previous.wall, counter: previous.counter + 1 };
  return { wall, counter: 0 };
}
