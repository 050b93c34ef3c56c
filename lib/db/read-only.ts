import { Prisma } from '../generated/prisma/client';
import { DomainError } from '../errors/domain-error';
import { statisticsReady } from './maintenance/maintenance-scheduler';
import { getDb, TX_OPTIONS, type Db, type Tx } from './prisma';
import { databaseKind } from './connection';
import { config } from '../config/config';
import { noteFallbackAfterFailure, notePrimaryRequired, noteReplicaRead, replicaForRead } from './replicas/route-read';
import { logger } from '../observability/logger';

export interface ReadOnlyOptions {
  /**
   * 'primary' for the read half of a write (a sweep's plan and count): it never goes to a replica.
   * Default: a healthy replica when DATABASE_READ_URL names any (docs/scaling.md § Read replicas).
   */
  on?: 'primary' | 'any';
  /**
   * Whether a read that failed on a replica may run again on the primary; asked after the failure.
   * A stream that has already sent part of its answer says no (default: yes).
   */
  mayRetry?: () => boolean;
  /**
   * How long the transaction may stay open (default TX_OPTIONS' 120 s, for a request). Background
   * work that reads a whole large scope passes BACKGROUND_READ_TIMEOUT_MS: a 10M-fact lint runs a
   * minute on a quiet machine and went past 120 s on a busy one.
   */
  timeoutMs?: number;
}

/** The transaction timeout of background reads of a whole scope (lint jobs, health runs). */
export const BACKGROUND_READ_TIMEOUT_MS = 30 * 60_000;

/**
 * Runs `work` in a READ ONLY transaction: lint, synthesis and decay dry-runs must not write, and
 * the database enforces it — any write attempt inside fails loudly instead of slipping through.
 * REPEATABLE READ gives every statement of `work` the same snapshot (a lint's fact_count and its
 * findings, a streamed synthesis and its totals); read-only, it never fails to serialize.
 *
 * These are one-pass analytic queries over a whole scope, so the transaction also turns JIT off
 * (compiling them costs more than it saves: 0.4 s of a 1.3 s lint at 100k facts) and gives sorts
 * and hashes enough memory to stay off disk. Both settings end with the transaction.
 *
 * With read replicas configured, the work runs on one that has replayed every write committed
 * before the read began (lib/db/replicas/route-read.ts), else on the primary; a read that fails on a
 * replica (it went down, a recovery conflict cancelled it) runs again on the primary.
 */
export function readOnly<T>(work: (tx: Tx) => Promise<T>, options: ReadOnlyOptions = {}): Promise<T> {
  return routed((db) => inReadOnlyTransaction(db, work, { timeoutMs: options.timeoutMs }), options);
}

/**
 * Runs `work` in up to `count` READ ONLY transactions that share one snapshot, on one server (the
 * replica readOnly would pick, else the primary): the first exports its snapshot
 * (pg_export_snapshot) and the others import it (SET TRANSACTION SNAPSHOT), so statements on
 * different connections see exactly the same data, and the database runs them on as many cores.
 * `work` gets the transactions: as many as could be opened, at least one. A transaction that cannot
 * get a connection within SHARED_CONNECT_WAIT_MS is not waited for (a busy pool must not stall or
 * deadlock a whole-scope read), at most STIGMEM_DB_POOL − 1 are opened (one connection stays for
 * writes and other requests), and on PGlite (one session) `work` gets one.
 */
export function readOnlyShared<T>(count: number, work: (txs: Tx[]) => Promise<T>, options: ReadOnlyOptions = {}): Promise<T> {
  const sharing = databaseKind() === 'postgres' ? Math.max(1, Math.min(count, config().database.pool - 1)) : 1;
  return routed((db) => inSharedSnapshot(db, sharing, work, options.timeoutMs), options);
}

/** How long a transaction that would join a shared snapshot waits for a connection before the read goes on without it. */
export const SHARED_CONNECT_WAIT_MS = 2_000;

function inSharedSnapshot<T>(db: Db, count: number, work: (txs: Tx[]) => Promise<T>, timeoutMs?: number): Promise<T> {
  if (count <= 1) return inReadOnlyTransaction(db, (tx) => work([tx]), { timeoutMs });
  return inReadOnlyTransaction(db, async (first) => {
    const [{ snapshot }] = await first.$queryRaw<{ snapshot: string }[]>`SELECT pg_export_snapshot() AS snapshot`;
    return joinSnapshot(db, snapshot, count - 1, [first], work, timeoutMs);
  }, { timeoutMs });
}

/** Opens `more` transactions on `snapshot`, one inside the other, then runs `work` on all of them. */
async function joinSnapshot<T>(db: Db, snapshot: string, more: number, txs: Tx[], work: (txs: Tx[]) => Promise<T>, timeoutMs?: number): Promise<T> {
  if (more === 0) return work(txs);
  let connected = false;
  try {
    return await inReadOnlyTransaction(db, (tx) => joinSnapshot(db, snapshot, more - 1, [...txs, tx], work, timeoutMs), {
      timeoutMs,
      snapshot,
      maxWaitMs: SHARED_CONNECT_WAIT_MS,
      onConnected: () => (connected = true),
    });
  } catch (error) {
    // No connection came in time: the read goes on with the transactions it has. Anything else
    // (an import that failed, the work's own error) is the read's failure.
    if (connected) throw error;
    return work(txs);
  }
}

/** Chooses the server for a whole-scope read and runs `open` there (readOnly's routing). */
async function routed<T>(open: (db: Db) => Promise<T>, options: ReadOnlyOptions): Promise<T> {
  const db = await getDb();
  // Plans made on stale statistics cost minutes at 100k facts (docs/decisions.md § Database maintenance).
  // Replicas receive the statistics through WAL, and the read waits for that WAL like for any other.
  await statisticsReady();
  if (options.on === 'primary') {
    notePrimaryRequired();
    return open(db);
  }
  const replica = await replicaForRead();
  if (replica) {
    try {
      const result = await open(replica.client);
      noteReplicaRead(replica);
      return result;
    } catch (error) {
      // The request's own fault fails the same way everywhere; anything else is the replica's.
      if (error instanceof DomainError || !(options.mayRetry?.() ?? true)) throw error;
      logger().warn({ replica: replica.label, reason: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 'a read failed on a replica; running it on the primary');
      noteFallbackAfterFailure(replica, error);
    }
  }
  return open(db);
}

interface TransactionOptions {
  timeoutMs?: number;
  /** A snapshot exported by another transaction of the same server, to read exactly what it reads. */
  snapshot?: string;
  maxWaitMs?: number;
  /** Called once the transaction has its connection, before its first statement. */
  onConnected?: () => void;
}

function inReadOnlyTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  return db.$transaction(async (tx) => {
    options.onConnected?.();
    await tx.$executeRaw`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`;
    // Before any query of the transaction, as PostgreSQL requires.
    if (options.snapshot) await tx.$executeRaw(Prisma.sql`SET TRANSACTION SNAPSHOT ${Prisma.raw(`'${snapshotId(options.snapshot)}'`)}`);
    await tx.$executeRaw`SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`;
    return work(tx);
  }, { maxWait: options.maxWaitMs ?? TX_OPTIONS.maxWait, timeout: options.timeoutMs ?? TX_OPTIONS.timeout });
}

/** SET TRANSACTION SNAPSHOT takes no parameter: the id is checked to be what pg_export_snapshot returns (hex and dashes). */
function snapshotId(id: string): string {
  if (!/^[0-9A-F-]+$/i.test(id)) throw new Error(`not a snapshot id: ${id}`);
  return id;
}
