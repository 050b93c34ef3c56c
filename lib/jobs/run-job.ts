import { getDb, TX_OPTIONS } from '../db/prisma';
import { Prisma } from '../generated/prisma/client';
import { noteTableChanges } from '../db/maintenance/maintenance-scheduler';
import { observeJobEnd } from '../metrics/registry';
import { beatEveryMs } from '../db/instance';
import { type Claim, updateHeldJob } from './claim-job';
import { type JobContext, type JobDefinition, LostClaim } from './job-definition';
import { pruneFinishedJobs } from './jobs';
import { deletePages, ResultPageWriter } from './result-pages';
import { logger } from '../observability/logger';
import { withSpan } from '../observability/tracing';

// Runs a claimed job to its end, wherever it was claimed: heartbeats while it runs (at most every
// 5 s, a third of STIGMEM_HEARTBEAT_LAPSE_S when that is shorter), then the result or the failure.
// Every write is fenced by the claim (claim-job.ts): a run whose job was taken over ends quietly.

/**
 * Stores a finished job's result: the job row (fenced: it locks the row, so no takeover can slip in)
 * and the rest of its paged array, in one transaction. A run that streamed its array to
 * context.pages has written most pages already (result-pages.ts); a run that returned the array whole
 * has all of it stored here, as before.
 */
async function storeResult(claim: Claim, result: unknown, pagedKey: string | undefined, streamed: ResultPageWriter): Promise<number> {
  const db = await getDb();
  const body = { ...(result as Record<string, unknown>) };
  let pages = streamed;
  if (pagedKey && Array.isArray(body[pagedKey])) {
    if (streamed.count) throw new Error(`job ${claim.id} both appended its ${pagedKey} to the pages and returned them`);
    pages = new ResultPageWriter(claim, true);
    await pages.append(body[pagedKey] as unknown[]);
  }
  if (pagedKey) delete body[pagedKey];
  return db.$transaction(async (tx) => {
    await updateHeldJob(tx, claim, Prisma.sql`status = 'done', progress = 1, result = ${JSON.stringify(body)}::jsonb, finished_at = now()`);
    return pagedKey ? pages.finish(tx) : 0;
  }, TX_OPTIONS);
}

function contextOf<C>(claim: Claim, pages: ResultPageWriter): JobContext<C> {
  return {
    pages,
    jobId: claim.id,
    estimatedS: claim.estimatedS,
    checkpoint: (claim.checkpoint ?? null) as C | null,
    // Only while running: a report still in flight when the job finishes must not overwrite progress 1.
    report: async (fraction) => {
      const db = await getDb();
      await updateHeldJob(db, claim, Prisma.sql`progress = ${Math.min(1, Math.max(0, fraction))}, heartbeat_at = now()`);
    },
    saveCheckpoint: (tx, checkpoint, progress) =>
      updateHeldJob(tx, claim, Prisma.sql`checkpoint = ${JSON.stringify(checkpoint)}::jsonb, progress = ${Math.min(1, Math.max(0, progress))}, heartbeat_at = now()`),
  };
}

/** Runs the claimed job in a span of its own (a job outlives the request that started it). */
export function runClaimedJob<Request, Result, C>(definition: JobDefinition<Request, Result, C>, claim: Claim): Promise<void> {
  return withSpan(`stigmem.job ${claim.kind}`, { 'stigmem.job_id': claim.id, 'stigmem.job_kind': claim.kind, 'stigmem.job_claim': claim.attempts }, () => runJob(definition, claim));
}

async function runJob<Request, Result, C>(definition: JobDefinition<Request, Result, C>, claim: Claim): Promise<void> {
  const db = await getDb();
  // A beat that finds the claim gone changes nothing; the run's next fenced write stops it.
  const beat = () => updateHeldJob(db, claim, Prisma.sql`heartbeat_at = now()`).catch(() => undefined);
  const timer = setInterval(beat, beatEveryMs(5_000));
  try {
    const streamed = new ResultPageWriter(claim);
    const result = await definition.run(claim.request as Request, contextOf<C>(claim, streamed));
    const pages = await storeResult(claim, result, definition.pagedKey, streamed);
    noteTableChanges({ jobs: 1, job_result_pages: pages });
    observeJobEnd(claim.kind, 'done');
  } catch (error) {
    if (error instanceof LostClaim) {
      logger().warn({ job_id: claim.id, job_kind: claim.kind, reason: error.message }, "lost the job's claim; this instance's run of it stops");
      observeJobEnd(claim.kind, 'lost');
      return;
    }
    logger().error({ err: error, job_id: claim.id, job_kind: claim.kind }, 'job failed');
    const message = error instanceof Error ? error.message : String(error);
    // The pages it wrote go with it, under the same fence (a failed job's are never read, but they are large).
    await db
      .$transaction(async (tx) => {
        await updateHeldJob(tx, claim, Prisma.sql`status = 'failed', error = ${message.slice(0, 2000)}, finished_at = now()`);
        await deletePages(tx, claim.id);
      }, TX_OPTIONS)
      .catch(() => undefined);
    observeJobEnd(claim.kind, 'failed');
  } finally {
    clearInterval(timer);
    await pruneFinishedJobs().catch((error) => logger().error({ err: error }, 'pruning finished jobs failed'));
  }
}
