import type { Principal } from '../auth/principal';
import { readOnly } from '../db/read-only';
import { databaseKind } from '../db/connection';
import { asyncThreshold, startJob } from '../jobs/jobs';
import { compareFindings } from './compare-findings';
import { countFacts, findFindings, runLint } from './run-lint';
import type { LintRequest, LintResult } from './lint-request';

// Chooses the synchronous path or an async job (§14.5): scopes whose scanned fact count is above
// STIGMEM_ASYNC_THRESHOLD answer 202 with a job id. The job runs each check in its own READ ONLY
// transaction so it can report progress between them.

/** Lint throughput for estimated_s (facts scanned per second): npm run bench measured about 330,000 on
 * PostgreSQL and 210,000 on PGlite at 1M facts; the job runs each check on its own, so a little less. */
const FACTS_PER_SECOND = { postgres: 250_000, pglite: 150_000 };

export type LintAnswer =
  | { status: 200; body: LintResult }
  | { status: 202; body: { job_id: string; status: 'pending'; estimated_s: number } };

export async function lintScope(request: LintRequest, principal: Principal): Promise<LintAnswer> {
  const count = await readOnly((tx) => countFacts(tx, request));
  if (count <= asyncThreshold()) return { status: 200, body: await runLint(request) };
  const estimated = Math.max(1, Math.ceil(count / FACTS_PER_SECOND[databaseKind()]));
  const job = await startJob('lint', request.scope, principal, request, estimated, async (report) => {
    const now = new Date();
    const findings = [];
    for (const [index, check] of request.checks.entries()) {
      findings.push(...(await readOnly((tx) => findFindings(tx, request, now, [check]))));
      await report((index + 1) / (request.checks.length + 1));
    }
    findings.sort(compareFindings);
    return { findings, checked_at: now.toISOString(), scope: request.scope, checks_run: request.checks, fact_count: count } satisfies LintResult;
  }, { pagedKey: 'findings' });
  return { status: 202, body: job };
}
