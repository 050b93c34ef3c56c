import { randomUUID } from 'node:crypto';
import type { Principal } from '../auth/principal';
import { getDb } from '../db/prisma';
import { Prisma } from '../generated/prisma/client';
import { observeJobClaim } from '../metrics/registry';
import { claimJob } from './claim-job';
import type { JobDefinition } from './job-definition';
import { runClaimedJob } from './run-job';
import { logger } from '../observability/logger';

// Starts a job: its row goes in pending, then this instance claims it and runs it in the background.
// On PostgreSQL another instance's worker may claim a pending row first (claim-job.ts): then it runs
// there, and the claim here finds nothing. Either way exactly one instance runs it.

/** Jobs started on this instance whose claim or run has not ended yet, by id. */
const runsHere = new Map<string, Promise<void>>();

/**
 * Resolves when this instance's run of job `id` ends (done, failed, lost or claimed elsewhere), or
 * after `timeoutMs`, whichever comes first; at once for a job this instance is not running. The
 * caller reads the job's row afterwards for its status: this only saves polling for it.
 */
export async function runHereEnded(id: string, timeoutMs: number): Promise<void> {
  const run = runsHere.get(id);
  if (!run) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([run, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}

export async function startJob<Request, Result, C>(
  definition: JobDefinition<Request, Result, C>,
  scope: string,
  principal: Principal,
  request: Request,
  estimatedS: number,
): Promise<{ job_id: string; status: 'pending'; estimated_s: number }> {
  const db = await getDb();
  const id = randomUUID();
  await db.job.create({
    data: {
      id,
      kind: definition.kind,
      scope,
      requestedBy: principal.entityUri,
      keyId: principal.keyId,
      request: request as Prisma.InputJsonValue,
      status: 'pending',
      estimatedS,
      pagedKey: definition.pagedKey ?? null,
    },
  });
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => claimJob(id))
    .then((claim) => {
      if (!claim) return;
      observeJobClaim(claim.kind, 'accepted');
      return runClaimedJob(definition, claim);
    })
    .catch((error) => logger().error({ err: error, job_id: id }, 'job could not start'))
    .finally(() => runsHere.delete(id));
  runsHere.set(id, run);
  return { job_id: id, status: 'pending', estimated_s: estimatedS };
}
