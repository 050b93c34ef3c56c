import { getDb, type DbOrTx } from '../db/prisma';
import { Prisma } from '../generated/prisma/client';
import { heartbeatLapseMs, instanceId } from '../db/instance';
import type { JobKind } from './job-definition';
import { LostClaim } from './job-definition';

// Claims: a job runs only under a claim, and every claim is one UPDATE of the job's row. A claim
// names the instance (claimed_by) and counts (attempts); every write a run makes to its job —
// heartbeat, progress, checkpoint, result, failure — matches both, so a run whose job was taken over
// writes nothing more (docs/decisions.md § Jobs on many instances). The clock is the database's:
// instances' clocks may differ, the database's is the one they share.

/** A job is given up (failed) after this many claims each ended without a heartbeat: it keeps killing its instance. */
export const MAX_ATTEMPTS = 3;
export const INTERRUPTED_TOO_OFTEN = `interrupted: ${MAX_ATTEMPTS} instances in turn stopped before the job finished`;

export interface Claim {
  id: string;
  kind: JobKind;
  request: unknown;
  estimatedS: number;
  checkpoint: unknown;
  attempts: number;
  holder: string;
}

interface ClaimRow {
  id: string;
  kind: string;
  request: unknown;
  estimated_s: number;
  checkpoint: unknown;
  attempts: number;
  claimed_by: string;
}

const toClaim = (row: ClaimRow): Claim => ({
  id: row.id,
  kind: row.kind as JobKind,
  request: row.request,
  estimatedS: Number(row.estimated_s),
  checkpoint: row.checkpoint ?? null,
  attempts: Number(row.attempts),
  holder: row.claimed_by,
});

const CLAIM_SET = (holder: string) =>
  Prisma.sql`status = 'running', claimed_by = ${holder}, attempts = attempts + 1, heartbeat_at = now(), started_at = coalesce(started_at, now())`;
const RETURNING = Prisma.sql`RETURNING id, kind, request, estimated_s, checkpoint, attempts, claimed_by`;
const lapsedBefore = () => Prisma.sql`now() - ${heartbeatLapseMs()}::int * interval '1 millisecond'`;

/** The instance that accepted a job claims it; null when another instance got to it first. */
export async function claimJob(id: string): Promise<Claim | null> {
  const db = await getDb();
  const [row] = await db.$queryRaw<ClaimRow[]>`UPDATE jobs SET ${CLAIM_SET(instanceId())} WHERE id = ${id} AND status = 'pending' ${RETURNING}`;
  return row ? toClaim(row) : null;
}

/**
 * Claims the oldest job no live instance holds: one still pending (its instance died before claiming
 * it), or one running whose heartbeat lapsed. SKIP LOCKED: instances polling at once each get a
 * different job, or none, and never wait on each other.
 */
export async function claimNextJob(): Promise<Claim | null> {
  const db = await getDb();
  const [row] = await db.$queryRaw<ClaimRow[]>`
    UPDATE jobs SET ${CLAIM_SET(instanceId())}
    WHERE id = (
      SELECT id FROM jobs
      WHERE attempts < ${MAX_ATTEMPTS} AND (status = 'pending' OR (status = 'running' AND coalesce(heartbeat_at, created_at) < ${lapsedBefore()}))
      ORDER BY created_at LIMIT 1
      FOR UPDATE SKIP LOCKED)
    ${RETURNING}`;
  return row ? toClaim(row) : null;
}

/**
 * Fails the jobs whose last allowed claim lapsed too: taking them over again would only repeat the
 * crash. The result pages their runs wrote go with them (a failed job's pages are never read).
 */
export async function failExhaustedJobs(): Promise<number> {
  const db = await getDb();
  const [{ failed }] = await db.$queryRaw<{ failed: number }[]>`
    WITH failed AS (
      UPDATE jobs SET status = 'failed', error = ${INTERRUPTED_TOO_OFTEN}, finished_at = now()
      WHERE status = 'running' AND attempts >= ${MAX_ATTEMPTS} AND coalesce(heartbeat_at, created_at) < ${lapsedBefore()}
      RETURNING id),
    gone AS (DELETE FROM job_result_pages p USING failed WHERE p.job_id = failed.id RETURNING 1)
    SELECT (SELECT count(*) FROM failed)::int AS failed`;
  return failed;
}

/** The condition every write of a run carries: this job, still running, under this very claim. */
export const heldBy = (claim: Claim) => Prisma.sql`id = ${claim.id} AND status = 'running' AND claimed_by = ${claim.holder} AND attempts = ${claim.attempts}`;

/** One fenced update of the job row; throws LostClaim when the claim is no longer this run's. */
export async function updateHeldJob(db: DbOrTx, claim: Claim, set: Prisma.Sql): Promise<void> {
  const changed = await db.$executeRaw`UPDATE jobs SET ${set} WHERE ${heldBy(claim)}`;
  if (changed !== 1) throw new LostClaim(claim.id);
}
