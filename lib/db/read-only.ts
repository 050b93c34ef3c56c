import { maintenanceSettled } from './maintenance/maintenance-scheduler';
import { getDb, TX_OPTIONS, type Tx } from './prisma';

/**
 * Runs `work` in a READ ONLY transaction: lint, synthesis and decay dry-runs must not write, and
 * the database enforces it — any write attempt inside fails loudly instead of slipping through.
 * REPEATABLE READ gives every statement of `work` the same snapshot (a lint's fact_count and its
 * findings, a streamed synthesis and its totals); read-only, it never fails to serialize.
 *
 * These are one-pass analytic queries over a whole scope, so the transaction also turns JIT off
 * (compiling them costs more than it saves: 0.4 s of a 1.3 s lint at 100k facts) and gives sorts
 * and hashes enough memory to stay off disk. Both settings end with the transaction.
 */
export async function readOnly<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  // Plans made on stale statistics cost minutes at 100k facts (docs/decisions.md § Database maintenance).
  await maintenanceSettled();
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`;
    await tx.$executeRaw`SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`;
    return work(tx);
  }, TX_OPTIONS);
}
