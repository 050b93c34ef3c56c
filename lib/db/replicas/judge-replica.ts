import { lsnBytesBehind } from './lsn';

// What a replica's measurements mean for routing (docs/scaling.md § Read replicas). Pure, so the
// rules are tested without servers: a replica serves when it is a hot standby of this very primary
// and at most the configured lag behind it; anything else is skipped and the primary serves.

export type ReplicaState = 'unchecked' | 'serving' | 'lagging' | 'down' | 'not_a_replica';

/** The primary's side of a probe. */
export interface PrimaryReading {
  lsn: string;
  systemId: string;
}

/** One probe of a replica: pg_is_in_recovery(), its cluster's system identifier and its replay position. */
export interface ReplicaReading {
  inRecovery: boolean;
  systemId: string;
  replayLsn: string | null;
  replayPaused: boolean;
  /** now() − pg_last_xact_replay_timestamp() on the replica in seconds; null before it replayed a transaction. */
  sinceLastReplayS: number | null;
  /** How long ago the primary was first seen past the replica's replay position (secondsBehind). */
  behindForS: number;
}

export interface ReplicaHealth {
  state: ReplicaState;
  /** WAL bytes the replica has still to replay to reach the primary's position at the probe. */
  lagBytes: number | null;
  /** 0 when caught up, else how long it has been behind (judgeReplica). */
  lagSeconds: number | null;
  replayLsn: string | null;
  replayPaused: boolean;
  /** Why it is not serving, in words for the Node page. */
  detail: string | null;
  checkedAt: number | null;
}

export const UNCHECKED: ReplicaHealth = { state: 'unchecked', lagBytes: null, lagSeconds: null, replayLsn: null, replayPaused: false, detail: null, checkedAt: null };

export function judgeReplica(primary: PrimaryReading, reading: ReplicaReading, maxLagMs: number, checkedAt: number): ReplicaHealth {
  const base = { replayLsn: reading.replayLsn, replayPaused: reading.replayPaused, checkedAt };
  // A server that is not in recovery (a standalone server, a promoted replica) or that replays
  // another cluster's WAL would answer from other data; it is never read from.
  if (!reading.inRecovery) return { ...base, state: 'not_a_replica', lagBytes: null, lagSeconds: null, detail: 'not in recovery: a standalone or promoted server, not a streaming replica' };
  if (reading.systemId !== primary.systemId) return { ...base, state: 'not_a_replica', lagBytes: null, lagSeconds: null, detail: `a replica of another cluster (system identifier ${reading.systemId}, the primary's is ${primary.systemId})` };
  if (!reading.replayLsn) return { ...base, state: 'lagging', lagBytes: null, lagSeconds: null, detail: 'has replayed no WAL yet' };
  const lagBytes = lsnBytesBehind(primary.lsn, reading.replayLsn);
  // Caught up means no lag, however long ago the last commit was (an idle primary commits nothing).
  // Behind, the age of its newest replayed commit overstates the lag right after an idle spell (the
  // first new commit makes a replica milliseconds behind look hours behind), and our own samples of
  // the primary's position understate it by up to their spacing; the smaller of the two is taken.
  // Reads stay correct either way: each one waits for its own position (route-read.ts).
  const lagSeconds = lagBytes === 0 ? 0 : Math.min(reading.behindForS, reading.sinceLastReplayS ?? Infinity);
  const paused = reading.replayPaused ? ' (replay is paused)' : '';
  if (lagSeconds * 1000 > maxLagMs) return { ...base, state: 'lagging', lagBytes, lagSeconds, detail: `${formatSeconds(lagSeconds)} behind, more than the ${maxLagMs} ms allowed (STIGMEM_REPLICA_MAX_LAG_MS)${paused}` };
  return { ...base, state: 'serving', lagBytes, lagSeconds, detail: null };
}

export function unreachable(message: string, checkedAt: number): ReplicaHealth {
  return { state: 'down', lagBytes: null, lagSeconds: null, replayLsn: null, replayPaused: false, detail: message, checkedAt };
}

function formatSeconds(seconds: number): string {
  return seconds < 10 ? `${seconds.toFixed(2)} s` : `${Math.round(seconds)} s`;
}

/** Round robin over the serving replicas: the index of the one the `turn`-th read takes, or null. */
export function pickServing(healths: readonly ReplicaHealth[], turn: number): number | null {
  const serving = healths.flatMap((health, i) => (health.state === 'serving' ? [i] : []));
  return serving.length ? serving[turn % serving.length] : null;
}
