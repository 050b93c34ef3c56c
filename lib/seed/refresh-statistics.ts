import type { DbOrTx } from '../db/prisma';

// Bulk loads outrun autovacuum: PostgreSQL re-analyzes a table only after 10% of it changed and
// checks once a minute, so while a fresh database grows from zero to 100k facts the planner keeps
// believing the tables are tiny and picks poor plans for the write path's lookups (measured: the
// value-head lookup went from ~15 ms to 130–670 ms per batch). ANALYZE whenever the number of facts
// written has doubled keeps the statistics within a factor of two for a logarithmic cost.

const FIRST_ANALYZE_AT = 4_000;

export function statisticsRefresher(db: DbOrTx): (factsWritten: number) => Promise<void> {
  let next = FIRST_ANALYZE_AT;
  return async (factsWritten) => {
    if (factsWritten < next) return;
    while (next <= factsWritten) next *= 2;
    await db.$executeRaw`ANALYZE facts, value_heads, conflicts`;
  };
}

/**
 * After a bulk load: VACUUM (ANALYZE) the tables it wrote. Value heads are rewritten many times
 * while a knowledge base is loaded, and the dead versions slow every whole-scope read until
 * autovacuum gets to them (within a minute on a default server; never where autovacuum is off).
 * This leaves the database in that settled state at once. Not inside a transaction.
 */
export async function settleAfterBulkLoad(db: DbOrTx): Promise<void> {
  await db.$executeRaw`VACUUM (ANALYZE) facts, value_heads, conflicts`;
}
