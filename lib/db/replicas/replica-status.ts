import { config } from '../../config/config';
import { formatInstantOrNull } from '../../time/instant';
import type { ReplicaState } from './judge-replica';
import { probeReplicas, readPrimaryPosition } from './probe-replicas';
import { PRIMARY_REASONS, replicaSet, type PrimaryReason } from './replica-set';

// GET /v1/admin/replicas, the Node page and /metrics: each replica measured now, and where this
// process's whole-scope reads ran since it started using these replicas.

export interface ReplicaView {
  replica: string;
  state: ReplicaState;
  lag_bytes: number | null;
  lag_seconds: number | null;
  replay_lsn: string | null;
  replay_paused: boolean;
  detail: string | null;
  checked_at: string | null;
  reads: number;
  failures: number;
  last_failure: string | null;
}

export interface ReplicaStatus {
  configured: boolean;
  max_lag_ms: number;
  /** The primary's WAL position when the replicas were measured; null without replicas. */
  primary_lsn: string | null;
  replicas: ReplicaView[];
  reads: { replica: number; primary: Record<PrimaryReason, number>; since: string | null };
}

export async function getReplicaStatus(): Promise<ReplicaStatus> {
  const maxLag = config().database.replicaMaxLagMs;
  const set = replicaSet();
  if (!set) return { configured: false, max_lag_ms: maxLag, primary_lsn: null, replicas: [], reads: { replica: 0, primary: Object.fromEntries(PRIMARY_REASONS.map((r) => [r, 0])) as Record<PrimaryReason, number>, since: null } };
  await probeReplicas(set, { force: true });
  const primary = await readPrimaryPosition(set);
  return {
    configured: true,
    max_lag_ms: maxLag,
    primary_lsn: primary.lsn,
    replicas: set.replicas.map((r) => ({
      replica: r.label,
      state: r.health.state,
      lag_bytes: r.health.lagBytes,
      lag_seconds: r.health.lagSeconds === null ? null : Math.round(r.health.lagSeconds * 1000) / 1000,
      replay_lsn: r.health.replayLsn,
      replay_paused: r.health.replayPaused,
      detail: r.health.detail,
      checked_at: formatInstantOrNull(r.health.checkedAt),
      reads: r.reads,
      failures: r.failures,
      last_failure: r.lastFailure,
    })),
    reads: { replica: set.replicas.reduce((n, r) => n + r.reads, 0), primary: { ...set.primaryReads }, since: formatInstantOrNull(set.since) },
  };
}

/** Where this process's whole-scope reads ran, without measuring anything; null without replicas. */
export function replicaReadCounts(): { replica: number; primary: Record<PrimaryReason, number> } | null {
  const set = replicaSet();
  return set ? { replica: set.replicas.reduce((n, r) => n + r.reads, 0), primary: { ...set.primaryReads } } : null;
}
