import { config } from '../../config/config';
import { lsnReached } from './lsn';
import { pickServing } from './judge-replica';
import { measuredReplicas, probeReplicas, readPrimaryPosition } from './probe-replicas';
import { recordPosition } from './position-samples';
import { replicaSet, type PrimaryReason, type Replica, type ReplicaSet } from './replica-set';

// Where a whole-scope read runs (docs/decisions.md § Read replicas). A replica serves a read only
// once it has replayed the primary's WAL up to where the primary stood when the read began, so a
// read sees every write committed before it — the caller's own and everyone else's — exactly as on
// the primary: read-your-writes for the dashboard and for agents alike, with no session state. A
// replica measured further behind than STIGMEM_REPLICA_MAX_LAG_MS, or down, is passed over; one that
// does not catch up within that time is passed over for this read; then the primary serves.

const POLL_START_MS = 2;
const POLL_MAX_MS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Wait = 'reached' | 'behind' | 'failed';

/** Polls the replica's replay position until it reaches `floor` or `budgetMs` has passed. */
async function waitForReplay(replica: Replica, floor: string, budgetMs: number): Promise<Wait> {
  const deadline = Date.now() + budgetMs;
  let pause = POLL_START_MS;
  for (;;) {
    let replayed: string | null;
    try {
      const { rows } = await replica.probePool.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
      replayed = rows[0]?.lsn ?? null;
    } catch (error) {
      noteReplicaFailure(replica, error);
      return 'failed';
    }
    if (replayed && lsnReached(replayed, floor)) return 'reached';
    if (Date.now() >= deadline) return 'behind';
    await sleep(Math.min(pause, Math.max(1, deadline - Date.now())));
    pause = Math.min(POLL_MAX_MS, pause * 2);
  }
}

function countPrimary(set: ReplicaSet, reason: PrimaryReason): null {
  set.primaryReads[reason]++;
  return null;
}

/**
 * The replica this read should run on, or null for the primary. With no DATABASE_READ_URL it
 * returns at once without touching any server.
 */
export async function replicaForRead(): Promise<Replica | null> {
  const set = replicaSet();
  if (!set) return null;
  await measuredReplicas(set);
  const index = pickServing(set.replicas.map((r) => r.health), set.turn++);
  if (index === null) return countPrimary(set, 'no_replica_serving');
  const replica = set.replicas[index];
  const floor = (await readPrimaryPosition(set)).lsn;
  recordPosition(set.positions, floor, Date.now());
  const wait = await waitForReplay(replica, floor, config().database.replicaMaxLagMs);
  if (wait === 'reached') return replica;
  if (wait === 'behind') {
    // Measure it again now rather than within the second, so the next reads skip it if it stays behind.
    probeReplicas(set, { force: true }).catch(() => undefined);
    return countPrimary(set, 'replica_behind');
  }
  return countPrimary(set, 'replica_failed');
}

/** A read that must run on the primary although replicas exist (the read half of a write). */
export function notePrimaryRequired(): void {
  const set = replicaSet();
  if (set) countPrimary(set, 'write_path');
}

export function noteReplicaRead(replica: Replica): void {
  replica.reads++;
}

/** A replica failed a read or a position check: count it, and measure it again at once. */
export function noteReplicaFailure(replica: Replica, error: unknown): void {
  replica.failures++;
  replica.lastFailure = error instanceof Error && error.message ? error.message.split('\n')[0].slice(0, 300) : String(error);
  const set = replicaSet();
  if (set?.replicas.includes(replica)) probeReplicas(set, { force: true }).catch(() => undefined);
}

/** Counts a read that failed on a replica and runs again on the primary. */
export function noteFallbackAfterFailure(replica: Replica, error: unknown): void {
  noteReplicaFailure(replica, error);
  const set = replicaSet();
  if (set) countPrimary(set, 'replica_failed');
}
