import { randomUUID } from 'node:crypto';
import type { Principal } from '../auth/principal';
import { getDb } from '../db/prisma';
import { Prisma } from '../generated/prisma/client';
import { observeJobClaim } from '../metrics/registry';
import { claimJob } from './claim-job';
import type { JobDefinition } from './job-definition';
import { runClaimedJob } from './run-job';

// Starts a job: its row goes in pending, then this instance claims it and runs it in the background.
// On PostgreSQL another instance's worker may claim a pending row first (claim-job.ts): then it runs
// there, and the claim here finds nothing. Either way exactly one instance runs it.

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
  setImmediate(() => {
    void claimJob(id)
      .then((claim) => {
        if (!claim) return;
        observeJobClaim(claim.kind, 'accepted');
        return runClaimedJob(definition, claim);
      })
      .catch((error) => console.error(`[stigmem] job ${id} could not start`, error));
  });
  return { job_id: id, status: 'pending', estimated_s: estimatedS };
}
