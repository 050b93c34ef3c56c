import { randomUUID } from 'node:crypto';
import { authorize, type Principal } from '../auth/principal';
import { getDb } from '../db/prisma';
import { Prisma } from '../generated/prisma/client';
import { notFound } from '../http/api-error';

// Async jobs for scopes above STIGMEM_ASYNC_THRESHOLD facts (lint §14.5, decay §15.4). A job runs
// in the process that accepted it and refreshes a heartbeat; a job whose heartbeat stopped (the
// server restarted or crashed) reads as failed with that reason. Jobs live in their own table.

export type JobKind = 'lint' | 'decay';
export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

const HEARTBEAT_MS = 5_000;
/** No heartbeat for this long = the job was cut off. */
export const STALE_JOB_MS = 120_000;
export const INTERRUPTED = 'interrupted: the server restarted or stopped before the job finished';

export function asyncThreshold(): number {
  const value = Number(process.env.STIGMEM_ASYNC_THRESHOLD ?? 100_000);
  return Number.isFinite(value) && value >= 0 ? value : 100_000;
}

export interface JobRecord {
  job_id: string;
  kind: JobKind;
  scope: string;
  status: JobStatus;
  progress: number;
  estimated_s: number;
  requested_by: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  error?: string;
}

export type ReportProgress = (fraction: number) => Promise<void>;

export async function startJob<T>(
  kind: JobKind,
  scope: string,
  principal: Principal,
  request: unknown,
  estimatedS: number,
  work: (report: ReportProgress) => Promise<T>,
): Promise<{ job_id: string; status: 'pending'; estimated_s: number }> {
  const db = await getDb();
  const id = randomUUID();
  await db.job.create({
    data: { id, kind, scope, requestedBy: principal.entityUri, keyId: principal.keyId, request: request as Prisma.InputJsonValue, status: 'pending', estimatedS },
  });
  setImmediate(() => void runJob(id, work));
  return { job_id: id, status: 'pending', estimated_s: estimatedS };
}

async function runJob<T>(id: string, work: (report: ReportProgress) => Promise<T>): Promise<void> {
  const db = await getDb();
  const beat = () => db.job.update({ where: { id }, data: { heartbeatAt: new Date() } }).catch(() => undefined);
  const timer = setInterval(beat, HEARTBEAT_MS);
  try {
    await db.job.update({ where: { id }, data: { status: 'running', startedAt: new Date(), heartbeatAt: new Date() } });
    const result = await work((progress) =>
      db.job.update({ where: { id }, data: { progress: Math.min(1, Math.max(0, progress)), heartbeatAt: new Date() } }).then(() => undefined),
    );
    await db.job.update({ where: { id }, data: { status: 'done', progress: 1, result: result as Prisma.InputJsonValue, finishedAt: new Date() } });
  } catch (error) {
    console.error(`[stigmem] job ${id} failed`, error);
    const message = error instanceof Error ? error.message : String(error);
    await db.job.update({ where: { id }, data: { status: 'failed', error: message.slice(0, 2000), finishedAt: new Date() } }).catch(() => undefined);
  } finally {
    clearInterval(timer);
  }
}

/** Status as a reader sees it: a pending or running job without a recent heartbeat was cut off. */
export function effectiveStatus(job: { status: string; heartbeatAt: Date | null; createdAt: Date; error: string | null }, now = new Date()) {
  const lastSign = job.heartbeatAt ?? job.createdAt;
  if ((job.status === 'pending' || job.status === 'running') && now.getTime() - lastSign.getTime() > STALE_JOB_MS) {
    return { status: 'failed' as const, error: INTERRUPTED };
  }
  return { status: job.status as JobStatus, error: job.error ?? undefined };
}

/** GET /v1/{kind}/jobs/:id: 404 unknown (or another kind's), 403 without read access to its scope. */
export async function getJob(id: string, kind: JobKind, principal: Principal): Promise<JobRecord> {
  const db = await getDb();
  const job = await db.job.findUnique({ where: { id } });
  if (!job || job.kind !== kind) throw notFound('job_not_found', `no ${kind} job with id ${id}`);
  authorize(principal, 'read', job.scope);
  const { status, error } = effectiveStatus(job);
  const record: JobRecord = {
    job_id: job.id,
    kind: job.kind as JobKind,
    scope: job.scope,
    status,
    progress: job.progress,
    estimated_s: job.estimatedS,
    requested_by: job.requestedBy,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
  if (error) record.error = error;
  // A finished job carries the same body the synchronous call would have answered.
  return status === 'done' && job.result && typeof job.result === 'object' ? { ...record, ...(job.result as object) } : record;
}

/** At start: jobs left pending or running by a previous process are recorded as failed. */
export async function failInterruptedJobs(): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(Date.now() - STALE_JOB_MS);
  const { count } = await db.job.updateMany({
    where: { status: { in: ['pending', 'running'] }, OR: [{ heartbeatAt: { lt: cutoff } }, { heartbeatAt: null, createdAt: { lt: cutoff } }] },
    data: { status: 'failed', error: INTERRUPTED, finishedAt: new Date() },
  });
  return count;
}
