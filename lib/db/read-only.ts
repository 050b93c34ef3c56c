import { getDb, TX_OPTIONS, type Tx } from './prisma';

/**
 * Runs `work` in a READ ONLY transaction: lint, synthesis and decay dry-runs must not write, and
 * the database enforces it — any write attempt inside fails loudly instead of slipping through.
 */
export async function readOnly<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SET TRANSACTION READ ONLY`;
    return work(tx);
  }, TX_OPTIONS);
}
