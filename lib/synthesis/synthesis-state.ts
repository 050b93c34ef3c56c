import { getDb, TX_OPTIONS, type Tx } from '../db/prisma';
import { readOnly } from '../db/read-only';
import { countReviewQueue, countReviewQueueFull, type ReviewQueueFigures } from '../facts/count-review-queue';
import type { FactScope } from '../facts/scope';
import { lockTargets } from '../facts/write-locks';
import { observeStateCheck } from '../metrics/registry';
import { logger } from '../observability/logger';
import { CENTILES, countSynthesisStats, maintainedSynthesisStats, type SynthesisStats } from './synthesis-stats';

// Maintained synthesis totals (docs/decisions.md § Maintained synthesis totals). The write path keeps,
// by statement triggers on value_heads and contradictions (migration 20261127152030_synthesis_state),
// what each triple adds to its scope's synthesis statistics and a window of instants over which that
// holds (until one of its values expires), and the scope's statistics as insert-only changes. A read
// at `now` adds the changes and counts again only the triples whose window does not hold `now`: a
// value that expired since its triple was last written. The settler counts those again now and then,
// and folds the changes, so a read stays the size of what changed; the reconciler compares the whole
// with a full count (countSynthesisStats) and repairs drift.

/** Triples counted again per transaction (each holds its entities' write locks). */
const BATCH = 500;

/** Counts the given triples of `scope` again under their entities' write locks, in batches. */
async function refresh(scope: string, triples: { entity: string; relation: string }[]): Promise<void> {
  const db = await getDb();
  for (let i = 0; i < triples.length; i += BATCH) {
    const batch = triples.slice(i, i + BATCH);
    await db.$transaction(async (tx) => {
      await lockTargets(tx, [...new Set(batch.map((t) => t.entity))].map((entity) => ({ scope, entity })));
      await tx.$executeRaw`SELECT stigmem_synthesis_refresh(${batch.map(() => scope)}::text[], ${batch.map((t) => t.entity)}::text[], ${batch.map((t) => t.relation)}::text[])`;
    }, TX_OPTIONS);
  }
}

/**
 * Counts again the triples of `scope` whose values expired since they were last counted (their
 * window ended before the database's clock), then folds the scope's changes into one row per
 * (centile, contradicted). Neither changes the statistics a read answers, only what it reads.
 * Returns how many triples were counted again.
 */
export async function settleSynthesisState(scope: string): Promise<number> {
  const db = await getDb();
  let settled = 0;
  for (;;) {
    const due = await db.$queryRaw<{ entity: string; relation: string }[]>`
      SELECT entity, relation FROM synthesis_triples WHERE scope = ${scope} AND valid_through < 'infinity' AND valid_through < statement_timestamp()
      ORDER BY valid_through LIMIT ${BATCH * 10}`;
    if (!due.length) break;
    await refresh(scope, due);
    settled += due.length;
    if (due.length < BATCH * 10) break;
  }
  // One statement: the changes it deletes are exactly those it sums (a writer's uncommitted rows stay);
  // nothing is rewritten while every group is one row already (the settler runs every tick).
  await rewritingCounts(scope, (tx) => tx.$executeRaw`
    WITH folded AS (
      DELETE FROM synthesis_counts WHERE scope = ${scope}
        AND EXISTS (SELECT 1 FROM synthesis_counts c WHERE c.scope = ${scope} GROUP BY c.centile, c.contradicted HAVING count(*) > 1)
      RETURNING centile, contradicted, entries, facts)
    INSERT INTO synthesis_counts (scope, centile, contradicted, entries, facts)
    SELECT ${scope}, centile, contradicted, sum(entries), sum(facts) FROM folded GROUP BY centile, contradicted
    HAVING sum(entries) <> 0 OR sum(facts) <> 0`);
  return settled;
}

/**
 * Runs `rewrite` (one statement replacing `scope`'s changes) under a lock of the scope's changes, so
 * a fold and a rewrite from the rows never overlap: the fold's row would survive the rewrite's delete
 * (it came after its snapshot) and count twice.
 */
async function rewritingCounts(scope: string, rewrite: (tx: Tx) => Promise<unknown>): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`synthesis_counts:${scope}`}))`;
    await rewrite(tx);
  }, TX_OPTIONS);
}

/** Cells (centile × contradicted, and the live values) where two statistics differ. */
function differingCells(a: SynthesisStats, b: SynthesisStats): number {
  let cells = a.fact_count === b.fact_count ? 0 : 1;
  for (let k = 0; k < CENTILES; k++) {
    if (a.entries[k] !== b.entries[k]) cells++;
    if (a.contradicted[k] !== b.contradicted[k]) cells++;
  }
  return cells;
}

/** The review queue's pending figures (those read from the rows' contradiction openings) that differ. */
function differingQueueFigures(a: ReviewQueueFigures, b: ReviewQueueFigures): number {
  const keys = ['contradicted_triples', 'aged_contradictions', 'mean_pending_age_days'] as const;
  return keys.filter((k) => a[k] !== b[k]).length;
}

/**
 * Compares `scope`'s maintained synthesis statistics and review-queue figures with a full count in
 * one snapshot; where they differ, counts every triple of the scope again (under the write locks)
 * and rewrites the scope's changes as the sum of its triples' rows. Returns the cells that differed.
 */
export async function reconcileSynthesisState(scope: string): Promise<{ scope: string; repaired: number }> {
  const now = new Date();
  const [kept, counted, keptQueue, countedQueue] = await readOnly(async (tx) => [
    await maintainedSynthesisStats(tx, scope, now),
    await countSynthesisStats(tx, { scope, includeExpired: false, now }),
    await countReviewQueue(tx, [scope as FactScope], now),
    await countReviewQueueFull(tx, [scope as FactScope], now),
  ] as const);
  const cells = differingCells(kept, counted) + differingQueueFigures(keptQueue, countedQueue);
  if (cells) {
    const db = await getDb();
    // Every triple with heads, and every row (a stray one has none), in key order a batch at a time:
    // never the whole scope in memory (10M triples at 10M facts).
    let after: [string, string] = ['', ''];
    for (;;) {
      const batch = await db.$queryRaw<{ entity: string; relation: string }[]>`
        SELECT entity, relation FROM (
          (SELECT DISTINCT entity, relation FROM value_heads
           WHERE scope = ${scope} AND relation NOT LIKE 'stigmem:%' AND (entity, relation) > (${after[0]}, ${after[1]})
           ORDER BY 1, 2 LIMIT ${BATCH})
          UNION
          (SELECT entity, relation FROM synthesis_triples WHERE scope = ${scope} AND (entity, relation) > (${after[0]}, ${after[1]})
           ORDER BY 1, 2 LIMIT ${BATCH})
        ) t ORDER BY 1, 2 LIMIT ${BATCH}`;
      if (!batch.length) break;
      await refresh(scope, batch);
      const last = batch[batch.length - 1];
      after = [last.entity, last.relation];
    }
    // One statement, as the settler's fold: the changes it deletes are replaced by the sum of the rows in the same
    // snapshot (a writer's uncommitted change and its row both come after).
    await rewritingCounts(scope, (tx) => tx.$executeRaw`
      WITH gone AS (DELETE FROM synthesis_counts WHERE scope = ${scope})
      INSERT INTO synthesis_counts (scope, centile, contradicted, entries, facts)
      SELECT ${scope}, centile, contradicted, count(*), sum(live_count) FROM synthesis_triples
      WHERE scope = ${scope} AND centile IS NOT NULL GROUP BY centile, contradicted`);
    logger().warn({ scope, cells, kept, counted, keptQueue, countedQueue }, 'maintained synthesis statistics drifted from a full count; repaired');
  }
  observeStateCheck('synthesis', cells);
  return { scope, repaired: cells };
}
