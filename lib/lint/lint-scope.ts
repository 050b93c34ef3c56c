import type { Principal } from '../auth/principal';
import { readOnly } from '../db/read-only';
import { databaseKind } from '../db/connection';
import { asyncThreshold } from '../jobs/jobs';
import type { JobDefinition } from '../jobs/job-definition';
import { startJob } from '../jobs/start-job';
import { countFactsUpTo, estimateFacts, findingFromRow, isWireJson, lintCounted } from './run-lint';
import { FINDINGS_BATCH, type LintHead, streamLintRows } from './stream-findings';
import { FINDING_SUMMARY_KEY, type FindingSummary, FindingSummaryBuilder } from './finding-summary';
import type { LintRequest, LintResult } from './lint-request';

// Chooses the synchronous path or an async job (§14.5): scopes whose scanned fact count is above
// STIGMEM_ASYNC_THRESHOLD answer 202 with a job id. The job runs the same single READ ONLY lint as
// the synchronous path, streamed into the job's pages, and reports its progress against the estimate.

const PROGRESS_EVERY_MS = 500;

/** Lint throughput for estimated_s (facts scanned per second): npm run bench measured about 330,000 on
 * PostgreSQL and 210,000 on PGlite at 1M facts; the job runs each check on its own, so a little less. */
const FACTS_PER_SECOND = { postgres: 250_000, pglite: 150_000 };

export type LintAnswer =
  | { status: 200; body: LintResult }
  | { status: 202; body: { job_id: string; status: 'pending'; estimated_s: number } };

/**
 * Findings per FETCH of the lint job's cursors: 5,000 (about 2 MB), fewer round trips while the job
 * stores what waited for its slowest query (at 10M facts about a second less than 1,000; docs/performance.md).
 * Tests lower it so batches and stored pages do not line up.
 */
export const lintJobTuning = { batchSize: 5 * FINDINGS_BATCH };

/**
 * The lint job: the synchronous path's checks in four queries (stream-findings.ts,
 * LINT_QUERY_GROUPS), read through cursors side by side in one READ ONLY snapshot and merged into
 * FINDING_ORDER. Each batch is converted, counted into the summary and appended to the job's pages
 * as it comes (lib/jobs/result-pages.ts), while the next batch is fetched: the app holds a few
 * batches, never the whole result (issue 16). The answer stored in the job row is the synchronous
 * body without its findings, plus the summary the scope page reads (finding-summary.ts).
 *
 * Progress is the elapsed share of the estimate, held below 95 % until the result is in: the batches
 * give no honest measure, since the database sorts every finding before the first one arrives and
 * their number is known only at the end. Read-only, so a job taken over simply runs again from the
 * start (its pages replace the earlier run's).
 */
export const lintJob: JobDefinition<LintRequest, LintHead & { [FINDING_SUMMARY_KEY]: FindingSummary }> = {
  kind: 'lint',
  pagedKey: 'findings',
  async run(request, { report, estimatedS, pages }) {
    const started = Date.now();
    let reporting: Promise<void> | null = null;
    const ticker = setInterval(() => {
      // On PGlite the report waits for the lint's transaction; never queue a second one behind it.
      reporting ??= report(Math.min(0.95, (Date.now() - started) / 1000 / estimatedS))
        .catch(() => undefined)
        .finally(() => (reporting = null));
    }, PROGRESS_EVERY_MS);
    try {
      // The rows' wire JSON goes to the pages as the database wrote it (finding-wire-sql.ts).
      const { head, snapshot, batches } = streamLintRows(request, lintJobTuning.batchSize, (rows) => rows);
      const summary = new FindingSummaryBuilder();
      await eachAhead(batches, async (rows) => {
        summary.addRows(rows);
        await pages.appendJson(rows.map((row) => (isWireJson(row.j) ? row.j : JSON.stringify(findingFromRow(row.j, request.scope)))));
      });
      return { ...head, [FINDING_SUMMARY_KEY]: summary.done(pages.pageSize, snapshot.revision) };
    } finally {
      clearInterval(ticker);
    }
  },
};

/**
 * Consumes `batches` one at a time, asking for the next one before handling the current one: the
 * cursor's FETCH and conversion overlap the page write (two batches in hand at most). Stops the
 * generator (closing its cursor and transaction) when `handle` throws.
 */
async function eachAhead<T>(batches: AsyncGenerator<T>, handle: (batch: T) => Promise<void>): Promise<void> {
  // Handled at once: a fetch that fails while the handler runs must not count as an unhandled rejection.
  const ask = () => {
    const promise = batches.next();
    promise.catch(() => undefined);
    return promise;
  };
  let next = ask();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = ask();
      await handle(current.value);
    }
  } finally {
    // A handler's error leaves one fetch under way: let it settle, then close the cursor.
    await next.catch(() => undefined);
    await batches.return(undefined);
  }
}

export async function lintScope(request: LintRequest, principal: Principal, known: { aboveThreshold?: boolean } = {}): Promise<LintAnswer> {
  // The count stops at the threshold: below it, it is exact and is the answer's fact_count, in the
  // same snapshot; above it, the job counts the facts itself, and estimated_s comes from the
  // planner's estimate (never below the threshold). A full count took about a second at 10M facts.
  // A caller that has just counted (the scope page) says so, and the count is not made twice.
  const threshold = asyncThreshold();
  const answer = await readOnly(async (tx) => {
    const count = known.aboveThreshold ? null : await countFactsUpTo(tx, request, threshold);
    return count === null ? { result: null, estimate: Math.max(threshold + 1, await estimateFacts(tx, request)) } : { result: await lintCounted(tx, request, count), estimate: count };
  });
  if (answer.result) return { status: 200, body: answer.result };
  const estimated = Math.max(1, Math.ceil(answer.estimate / FACTS_PER_SECOND[databaseKind()]));
  return { status: 202, body: await startJob(lintJob, request.scope, principal, request, estimated) };
}
