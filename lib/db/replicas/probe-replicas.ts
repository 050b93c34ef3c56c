import { config } from '../../config/config';
import { judgeReplica, unreachable, type PrimaryReading } from './judge-replica';
import { recordPosition, secondsBehind } from './position-samples';
import type { Replica, ReplicaSet } from './replica-set';
import { logger } from '../../observability/logger';

// Measures each replica's lag against the primary: the primary's WAL position first, then each
// replica's replay position and the age of its newest replayed commit, so a replica that replays
// between the two reads looks level rather than behind. Lag in seconds also uses the samples of the
// primary's position (position-samples.ts; judge-replica.ts takes the smaller of the two). Results
// are cached for PROBE_TTL_MS; a read never waits for a refresh once a replica has been measured
// (the refresh runs beside it).

export const PROBE_TTL_MS = 1_000;

interface ReplicaRow {
  in_recovery: boolean;
  system_id: string;
  replay_lsn: string | null;
  replay_paused: boolean;
  since_last_replay_s: number | null;
}

const REPLICA_SQL = `
  SELECT pg_is_in_recovery() AS in_recovery,
    (SELECT system_identifier::text FROM pg_control_system()) AS system_id,
    pg_last_wal_replay_lsn()::text AS replay_lsn,
    CASE WHEN pg_is_in_recovery() THEN pg_is_wal_replay_paused() ELSE false END AS replay_paused,
    extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS since_last_replay_s`;

/** The primary's WAL position now, and its cluster's identity. */
export async function readPrimaryPosition(set: ReplicaSet): Promise<PrimaryReading> {
  const { rows } = await set.primaryPool.query<{ lsn: string; system_id: string }>(
    'SELECT pg_current_wal_lsn()::text AS lsn, (SELECT system_identifier::text FROM pg_control_system()) AS system_id',
  );
  return { lsn: rows[0].lsn, systemId: rows[0].system_id };
}

async function probeOne(set: ReplicaSet, replica: Replica, primary: PrimaryReading): Promise<void> {
  try {
    const { rows } = await replica.probePool.query<ReplicaRow>(REPLICA_SQL);
    const row = rows[0];
    const now = Date.now();
    const behindForS = row.replay_lsn ? secondsBehind(set.positions, row.replay_lsn, now) : 0;
    replica.health = judgeReplica(
      primary,
      { inRecovery: row.in_recovery, systemId: row.system_id, replayLsn: row.replay_lsn, replayPaused: row.replay_paused, sinceLastReplayS: row.since_last_replay_s, behindForS },
      config().database.replicaMaxLagMs,
      now,
    );
  } catch (error) {
    replica.health = unreachable(error instanceof Error && error.message ? error.message : String(error), Date.now());
  }
}

/** Probes the replicas whose measurement is older than PROBE_TTL_MS (all of them with `force`). */
export async function probeReplicas(set: ReplicaSet, options: { force?: boolean } = {}): Promise<void> {
  const now = Date.now();
  const due = set.replicas.filter((r) => !r.probing && (options.force || r.health.checkedAt === null || now - r.health.checkedAt >= PROBE_TTL_MS));
  const running = set.replicas.filter((r) => r.probing && !due.includes(r)).map((r) => r.probing);
  if (due.length) {
    const primary = readPrimaryPosition(set).then((reading) => {
      recordPosition(set.positions, reading.lsn, Date.now());
      return reading;
    });
    for (const replica of due) {
      replica.probing = primary
        .then((reading) => probeOne(set, replica, reading))
        .finally(() => {
          replica.probing = null;
        });
    }
  }
  await Promise.all([...running, ...due.map((r) => r.probing)]);
}

/**
 * What a read needs: every replica measured at least once (the first read waits for that), and
 * stale measurements refreshed in the background.
 */
export async function measuredReplicas(set: ReplicaSet): Promise<void> {
  if (set.replicas.some((r) => r.health.checkedAt === null)) {
    await probeReplicas(set);
    return;
  }
  probeReplicas(set).catch((error) => logger().warn({ reason: error instanceof Error ? error.message : String(error) }, 'probing the read replicas failed'));
}
