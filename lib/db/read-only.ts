import { DomainError } from '../errors/domain-error';
import { maintenanceSettled } from './maintenance/maintenance-scheduler';
import { getDb, TX_OPTIONS, type Db, type Tx } from './prisma';
import { noteFallbackAfterFailure, notePrimaryRequired, noteReplicaRead, replicaForRead } from './replicas/route-read';

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
export async function readOnly<T>(work: (tx: Tx) => Promise<T>, options: ReadOnlyOptions = {}): Promise<T> {
  const db = await getDb();
  // Plans made on stale statistics cost minutes at 100k facts (docs/decisions.md § Database maintenance).
  // Replicas receive the statistics through WAL, and the read waits for that WAL like for any other.
  await maintenanceSettled();
  if (options.on === 'primary') {
    notePrimaryRequired();
    return inReadOnlyTransaction(db, work, options.timeoutMs);
  }
  const replica = await replicaForRead();
  if (replica) {
    try {
      const result = await inReadOnlyTransaction(replica.client, work, options.timeoutMs);
      noteReplicaRead(replica);
      return result;
    } catch (error) {
      // The request's own fault fails the same way everywhere; anything else is the replica's.
      if (error instanceof DomainError || !(options.mayRetry?.() ?? true)) throw error;
      console.warn(`[stigmem] a read failed on replica ${replica.label}, running it on the primary: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      noteFallbackAfterFailure(replica, error);
    }
  }
  return inReadOnlyTransaction(db, work, options.timeoutMs);
}

function inReadOnlyTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, timeoutMs: number = TX_OPTIONS.timeout): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`;
    await tx.$executeRaw`SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`;
    return work(tx);
  }, { ...TX_OPTIONS, timeout: timeoutMs });
}
