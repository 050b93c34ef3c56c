import { lsnReached } from './lsn';

// The primary's WAL position over time, as this process saw it (each probe and each routed read
// reads it). Lag in seconds is measured against these samples: a replica is as far behind as the
// oldest position the primary held that the replica has not replayed yet is old.

export interface PositionSample {
  lsn: string;
  at: number;
}

/**
 * Samples are thinned to about this spacing, and this many are kept: at least three minutes of
 * history under steady writes (every sample is at least this far after the one two places before it).
 */
const SAMPLE_SPACING_MS = 100;
const SAMPLES_KEPT = 3_600;

/**
 * Records the primary's position seen at `at`, if it moved since the last sample (oldest first).
 * A new position is never dropped: had it been, a replica stuck just before it would look level
 * until the next sample, however late that came. Within the spacing it replaces the newest sample
 * instead, which understates the lag of a replica stuck between the two by less than the spacing.
 */
export function recordPosition(samples: PositionSample[], lsn: string, at: number): void {
  const last = samples.at(-1);
  if (last?.lsn === lsn) return;
  const beforeLast = samples.at(-2);
  if (beforeLast && at - beforeLast.at < SAMPLE_SPACING_MS) {
    samples[samples.length - 1] = { lsn, at };
    return;
  }
  samples.push({ lsn, at });
  if (samples.length > SAMPLES_KEPT) samples.splice(0, samples.length - SAMPLES_KEPT);
}

/**
 * Seconds since the primary was first seen at a position the replica has not replayed yet, to the
 * resolution of the samples; 0 when no sample is past it (the primary moved on only since the last).
 */
export function secondsBehind(samples: readonly PositionSample[], replayLsn: string, now: number): number {
  const first = samples.find((sample) => !lsnReached(replayLsn, sample.lsn));
  return first ? Math.max(0, (now - first.at) / 1000) : 0;
}
