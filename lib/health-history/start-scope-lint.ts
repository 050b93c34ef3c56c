import type { Principal } from '../auth/principal';
import type { FactScope } from '../facts/scope';
import { DomainError } from '../errors/domain-error';
import { getDb } from '../db/prisma';
import { lintAndRecord, recordable } from './lint-and-record';
import { runHereEnded } from '../jobs/start-job';
import { type JobFindingsPage, jobFindingsPage } from '../lint/job-findings-page';
import { lintRequestSchema } from '../lint/lint-request';
import { readFindingSummary } from '../lint/finding-summary';
import { lintStillHolds } from '../lint/lint-still-holds';
import { readOnly } from '../db/read-only';
import type { FindingsView } from '../lint/view/findings-query';

// The scope page of a large scope (above STIGMEM_ASYNC_THRESHOLD) starts its lint on the server, as
// POST /v1/lint { scope } would, while the page's shell is already on its way. A job this instance
// expects to finish within FIRST_PAGE_WAIT_S is awaited and its first page of findings streams in
// with the HTML; a longer one is handed to the browser at once, which shows its progress. Either way
// the browser does not start a second lint, and a visit while a lint of the whole scope is still
// running follows that job, and a visit after one finished shows that job again when nothing it read
// has changed since (no write to the scope, no value expired: lint-still-holds.ts). The browser puts
// the job's id in the URL (?job=): filtering, sorting and paging then read that job's result instead
// of linting again, until "Lint again" (docs/decisions.md, "The scope page of a large scope starts
// its lint on the server" and "A scope page shows the last lint while the scope is unchanged").

/** How long the page waits for a quick lint job before it shows a progress bar instead. */
export const FIRST_PAGE_WAIT_S = 3;

export interface ScopeLintStart {
  job: { job_id: string; status: 'pending'; estimated_s: number };
  /** The job as GET /api/lint-jobs/:id/findings answers it for this view: done, or still running. */
  page: JobFindingsPage;
  /** A finished lint shown again because the scope has not changed since it read it. */
  unchanged?: boolean;
}

/** The lint job `id` of `scope`, if it is still kept (finished jobs are pruned after a day). */
async function earlierJob(id: string, scope: FactScope, view: FindingsView): Promise<ScopeLintStart | null> {
  const page = await jobFindingsPage(id, view).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'not_found') return null;
    throw error;
  });
  if (!page || page.job.scope !== scope) return null;
  return { job: { job_id: id, status: 'pending', estimated_s: page.job.estimated_s }, page };
}

/**
 * A whole-scope lint of `scope` still pending or running (another visit started it): this visit
 * follows it rather than starting a second one over the same data (a 10M-fact lint runs a minute).
 */
async function runningJob(scope: FactScope, view: FindingsView): Promise<ScopeLintStart | null> {
  const db = await getDb();
  const open = await db.job.findMany({ where: { kind: 'lint', scope, status: { in: ['pending', 'running'] } }, orderBy: { createdAt: 'desc' }, select: { id: true, request: true } });
  for (const job of open) {
    const request = lintRequestSchema.safeParse(job.request);
    if (!request.success || !recordable(request.data)) continue;
    const earlier = await earlierJob(job.id, scope, view);
    // On PGlite a job whose heartbeat lapsed reads as failed: it will not finish.
    if (earlier && (earlier.page.job.status === 'pending' || earlier.page.job.status === 'running')) return earlier;
  }
  return null;
}

/**
 * The newest finished whole-scope lint of `scope` when its answer still holds now: the scope's
 * revision is the one it read and no value expired since (lint-still-holds.ts). Showing it is
 * showing what a new lint would find, without a minute of database work at 10M facts.
 */
async function unchangedJob(scope: FactScope, view: FindingsView): Promise<ScopeLintStart | null> {
  const db = await getDb();
  // The newest whole-scope one among the last few (an API lint of one entity is no answer for the page).
  const done = await db.job.findMany({
    where: { kind: 'lint', scope, status: 'done', finishedAt: { not: null } },
    orderBy: { finishedAt: 'desc' },
    take: 10,
    select: { id: true, request: true, result: true },
  });
  for (const job of done) {
    const request = lintRequestSchema.safeParse(job.request);
    if (!request.success || !recordable(request.data)) continue;
    const revision = readFindingSummary(job.result)?.scope_revision;
    const checkedAt = new Date(String((job.result as { checked_at?: unknown } | null)?.checked_at));
    if (!revision || Number.isNaN(checkedAt.getTime())) return null;
    const holds = await readOnly((tx) => lintStillHolds(tx, request.data, { revision, at: checkedAt }, new Date()));
    const earlier = holds ? await earlierJob(job.id, scope, view) : null;
    return earlier && { ...earlier, unchanged: true };
  }
  return null;
}

/**
 * Called for a scope the page has just found above the threshold (its bounded count); facts are
 * never deleted, so it is still above it, and the lint goes straight to a job without counting again.
 * `beforeNewJob` runs (and is awaited) just before a new job starts, not when an earlier one serves.
 */
export async function startScopeLint(scope: FactScope, principal: Principal, view: FindingsView, beforeNewJob?: () => Promise<unknown>): Promise<ScopeLintStart | null> {
  const earlier = (view.job ? await earlierJob(view.job, scope, view) : null) ?? (await runningJob(scope, view)) ?? (await unchangedJob(scope, view));
  const open = !earlier || earlier.page.job.status === 'pending' || earlier.page.job.status === 'running';
  if (earlier && !open) return earlier;
  let job = earlier?.job;
  if (!job) {
    await beforeNewJob?.();
    const answer = await lintAndRecord(lintRequestSchema.parse({ scope }), principal, { aboveThreshold: true });
    if (answer.status === 200) return null;
    job = answer.body;
  }
  if (job.estimated_s <= FIRST_PAGE_WAIT_S) await runHereEnded(job.job_id, FIRST_PAGE_WAIT_S * 1000);
  return { job, page: await jobFindingsPage(job.job_id, view) };
}
