import type { Principal } from '../auth/principal';
import { readOnly } from '../db/read-only';
import { databaseKind } from '../db/connection';
import { asyncThreshold } from '../jobs/jobs';
import type { JobDefinition } from '../jobs/job-definition';
import { startJob } from '../jobs/start-job';
import { countFacts, lintCounted, runLint } from './run-lint';
import type { LintRequest, LintResult } from './lint-request';

// Chooses the synchronous path or an async job (§14.5): scopes whose scanned fact count is above
// STIGMEM_ASYNC_THRESHOLD answer 202 with a job id. The job runs the same single READ ONLY lint as
// the synchronous path and reports its progress against the estimate while it runs.

const PROGRESS_EVERY_MS = 500;

/** Lint throughput for estimated_s (facts scanned per second): npm run bench measured about 330,000 on
 * PostgreSQL and 210,000 on PGlite at 1M facts; the job runs each check on its own, so a little less. */
const FACTS_PER_SECOND = { postgres: 250_000, pglite: 150_000 };

export type LintAnswer =
  | { status: 200; body: LintResult }
  | { status: 202; body: { job_id: string; status: 'pending'; estimated_s: number } };

/**
 * The lint job: one statement, as the synchronous path runs it (each check on its own re-scanned the
 * scope's heads four times: 8.7 s instead of 5.3 s at 1M facts). Progress is the elapsed share of
 * the estimate, held below 95 % until the result is in. Read-only, so a job taken over simply runs
 * again from the start.
 */
export const lintJob: JobDefinition<LintRequest, LintResult> = {
  kind: 'lint',
  pagedKey: 'findings',
  async run(request, { report, estimatedS }) {
    const started = Date.now();
    let reporting: Promise<void> | null = null;
    const ticker = setInterval(() => {
      // On PGlite the report waits for the lint's statement; never queue a second one behind it.
      reporting ??= report(Math.min(0.95, (Date.now() - started) / 1000 / estimatedS))
        .catch(() => undefined)
        .finally(() => (reporting = null));
    }, PROGRESS_EVERY_MS);
    try {
      return await runLint(request);
    } finally {
      clearInterval(ticker);
    }
  },
};

export async function lintScope(request: LintRequest, principal: Principal): Promise<LintAnswer> {
  // The threshold's count is the answer's fact_count, in the same snapshot: the facts are counted once.
  const answer = await readOnly(async (tx) => {
    const count = await countFacts(tx, request);
    return count <= asyncThreshold() ? { count, result: await lintCounted(tx, request, count) } : { count, result: null };
  });
  if (answer.result) return { status: 200, body: answer.result };
  const { count } = answer;
  const estimated = Math.max(1, Math.ceil(count / FACTS_PER_SECOND[databaseKind()]));
  return { status: 202, body: await startJob(lintJob, request.scope, principal, request, estimated) };
}
