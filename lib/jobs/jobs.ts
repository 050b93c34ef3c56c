import { randomUUID } from 'node:crypto';
import { authorize, type Principal } from '../auth/principal';
import { databaseKind } from '../db/connection';
import { getDb, TX_OPTIONS } from '../db/prisma';
import { Prisma } from '../generated/prisma/client';
import { notFound } from '../http/api-error';
import { noteTableChanges } from '../db/maintenance/maintenance-scheduler';
import { formatInstant, formatInstantOrNull } from '../facts/instant';

// Async jobs for scopes above STIGMEM_ASYNC_THRESHOLD facts (lint §14.5, decay §15.4). A job runs
// in the process that accepted it and refreshes a heartbeat; a job whose heartbeat stopped (the
// server restarted or crashed) reads as failed with that reason. Jobs live in their own table.
//
// A result's long array (a lint's findings: 21k of them, 7.7 MB, at 100k facts) is stored in pages of
// JOB_PAGE_SIZE items, each as the JSON text the job serialized: no row or statement grows with the
// scope (PGlite's heap has a hard ceiling), and GET streams the pages' text into the answer without
// parsing or re-serializing anything. Finished jobs are kept JOB_RETENTION_MS, then pruned.

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

/** Items per stored page of a job's long array. */
export const JOB_PAGE_SIZE = 1_000;
/** Finished jobs (and their result pages) are deleted this long after they finished. */
export const JOB_RETENTION_MS = 24 * 3600_000;

/** Which key of a job's result holds the long array that is stored in pages. */
export interface JobOptions {
  pagedKey?: string;
}

export async function startJob<T>(
  kind: JobKind,
  scope: string,
  principal: Principal,
  request: unknown,
  estimatedS: number,
  work: (report: ReportProgress) => Promise<T>,
  options: JobOptions = {},
): Promise<{ job_id: string; status: 'pending'; estimated_s: number }> {
  const db = await getDb();
  const id = randomUUID();
  await db.job.create({
    data: { id, kind, scope, requestedBy: principal.entityUri, keyId: principal.keyId, request: request as Prisma.InputJsonValue, status: 'pending', estimatedS, pagedKey: options.pagedKey ?? null },
  });
  setImmediate(() => void runJob(id, work, options));
  return { job_id: id, status: 'pending', estimated_s: estimatedS };
}

/** Stores a finished job's result: its long array in pages, the rest in the job row, in one transaction. */
async function storeResult(id: string, result: unknown, pagedKey: string | undefined): Promise<number> {
  const db = await getDb();
  const body = { ...(result as Record<string, unknown>) };
  const items = pagedKey && Array.isArray(body[pagedKey]) ? (body[pagedKey] as unknown[]) : null;
  if (items) delete body[pagedKey!];
  const pages = items ? Math.ceil(items.length / JOB_PAGE_SIZE) : 0;
  await db.$transaction(async (tx) => {
    for (let page = 0; page < pages; page++) {
      const text = JSON.stringify(items!.slice(page * JOB_PAGE_SIZE, (page + 1) * JOB_PAGE_SIZE));
      await tx.$executeRaw`INSERT INTO job_result_pages (job_id, page, items) VALUES (${id}, ${page}, ${text}::json)`;
    }
    await tx.job.update({ where: { id }, data: { status: 'done', progress: 1, result: body as Prisma.InputJsonValue, finishedAt: new Date() } });
  }, TX_OPTIONS);
  return pages;
}

async function runJob<T>(id: string, work: (report: ReportProgress) => Promise<T>, options: JobOptions): Promise<void> {
  const db = await getDb();
  const beat = () => db.job.update({ where: { id }, data: { heartbeatAt: new Date() } }).catch(() => undefined);
  const timer = setInterval(beat, HEARTBEAT_MS);
  try {
    await db.job.update({ where: { id }, data: { status: 'running', startedAt: new Date(), heartbeatAt: new Date() } });
    // Only while running: a report still in flight when the job finishes must not overwrite progress 1.
    const result = await work((progress) =>
      db.job.updateMany({ where: { id, status: 'running' }, data: { progress: Math.min(1, Math.max(0, progress)), heartbeatAt: new Date() } }).then(() => undefined),
    );
    const pages = await storeResult(id, result, options.pagedKey);
    noteTableChanges({ jobs: 1, job_result_pages: pages });
  } catch (error) {
    console.error(`[stigmem] job ${id} failed`, error);
    const message = error instanceof Error ? error.message : String(error);
    await db.job.update({ where: { id }, data: { status: 'failed', error: message.slice(0, 2000), finishedAt: new Date() } }).catch(() => undefined);
  } finally {
    clearInterval(timer);
    await pruneFinishedJobs().catch((error) => console.error('[stigmem] pruning finished jobs failed', error));
  }
}

/** Deletes jobs finished more than JOB_RETENTION_MS ago, with their result pages. */
export async function pruneFinishedJobs(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - JOB_RETENTION_MS);
  const gone = await db.$executeRaw`DELETE FROM job_result_pages WHERE job_id IN (SELECT id FROM jobs WHERE finished_at < ${cutoff})`;
  const { count } = await db.job.deleteMany({ where: { finishedAt: { lt: cutoff } } });
  if (count) noteTableChanges({ jobs: count, job_result_pages: gone });
  return count;
}

/** Status as a reader sees it: a pending or running job without a recent heartbeat was cut off. */
export function effectiveStatus(job: { status: string; heartbeatAt: Date | null; createdAt: Date; error: string | null }, now = new Date()) {
  const lastSign = job.heartbeatAt ?? job.createdAt;
  if ((job.status === 'pending' || job.status === 'running') && now.getTime() - lastSign.getTime() > STALE_JOB_MS) {
    return { status: 'failed' as const, error: INTERRUPTED };
  }
  return { status: job.status as JobStatus, error: job.error ?? undefined };
}

async function findJob(id: string, kind: JobKind, principal: Principal) {
  const db = await getDb();
  const job = await db.job.findUnique({ where: { id } });
  if (!job || job.kind !== kind) throw notFound('job_not_found', `no ${kind} job with id ${id}`);
  authorize(principal, 'read', job.scope);
  return job;
}

/** The text of each stored page's items, without the brackets, in order; a few pages per query. */
async function* pageTexts(id: string): AsyncGenerator<string> {
  const db = await getDb();
  const PAGES_PER_READ = 8;
  for (let from = 0; ; from += PAGES_PER_READ) {
    const rows = await db.$queryRaw<{ items: string }[]>`
      SELECT items::text AS items FROM job_result_pages WHERE job_id = ${id} AND page >= ${from} AND page < ${from + PAGES_PER_READ} ORDER BY page`;
    for (const row of rows) {
      const inner = row.items.trim().slice(1, -1);
      if (inner.trim()) yield inner;
    }
    if (rows.length < PAGES_PER_READ) return;
  }
}

/**
 * GET /v1/{kind}/jobs/:id: the job's fields and, when done, its result, streamed. The fields and the
 * result body are serialized once (small); a paged array is the stored text, page after page.
 */
export async function jobResponse(id: string, kind: JobKind, principal: Principal): Promise<Response> {
  const job = await findJob(id, kind, principal);
  const record = jobRecord(job);
  if (record.status !== 'done' || !job.pagedKey) return Response.json(record);
  const head = JSON.stringify(record).slice(0, -1);
  const key = job.pagedKey;
  const pages = pageTexts(id);
  const encoder = new TextEncoder();
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${head},${JSON.stringify(key)}:[`));
    },
    async pull(controller) {
      try {
        const next = await pages.next();
        if (next.done) {
          controller.enqueue(encoder.encode(']}'));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(first ? next.value : `,${next.value}`));
        first = false;
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(stream, { headers: { 'content-type': 'application/json' } });
}

/** The job's own fields, plus its stored result body when done (a paged array is not included). */
function jobRecord(job: NonNullable<Awaited<ReturnType<typeof findJob>>>): JobRecord {
  const { status, error } = effectiveStatus(job);
  const record: JobRecord = {
    job_id: job.id,
    kind: job.kind as JobKind,
    scope: job.scope,
    status,
    progress: job.progress,
    estimated_s: job.estimatedS,
    requested_by: job.requestedBy,
    created_at: formatInstant(job.createdAt),
    started_at: formatInstantOrNull(job.startedAt),
    finished_at: formatInstantOrNull(job.finishedAt),
  };
  if (error) record.error = error;
  // A finished job carries the same body the synchronous call would have answered.
  return status === 'done' && job.result && typeof job.result === 'object' ? { ...record, ...(job.result as object) } : record;
}

/** Parsed arrays of the last few finished jobs read (a done job never changes), for paging through them. */
const parsedItems = new Map<string, unknown[]>();
const PARSED_ITEMS_KEPT = 2;

/** A finished job's record and its paged array, parsed (empty until the job is done). */
export async function jobItems(id: string, kind: JobKind, principal: Principal): Promise<{ record: JobRecord; pagedKey: string | null; items: unknown[] }> {
  const job = await findJob(id, kind, principal);
  const record = jobRecord(job);
  const pagedKey = record.status === 'done' ? job.pagedKey : null;
  if (!pagedKey) return { record, pagedKey, items: [] };
  let items = parsedItems.get(id);
  if (!items) {
    items = [];
    for await (const text of pageTexts(id)) items.push(...(JSON.parse(`[${text}]`) as unknown[]));
    parsedItems.set(id, items);
    for (const old of parsedItems.keys()) if (parsedItems.size > PARSED_ITEMS_KEPT) parsedItems.delete(old);
  }
  return { record, pagedKey, items };
}

/**
 * At start: jobs left pending or running by a previous process are recorded as failed. The
 * embedded database belongs to this one process, so every such job was cut off; on PostgreSQL
 * other instances may be running theirs, so only jobs whose heartbeat lapsed count.
 */
export async function failInterruptedJobs(): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(Date.now() - STALE_JOB_MS);
  const lapsed = databaseKind() === 'pglite' ? {} : { OR: [{ heartbeatAt: { lt: cutoff } }, { heartbeatAt: null, createdAt: { lt: cutoff } }] };
  const { count } = await db.job.updateMany({
    where: { status: { in: ['pending', 'running'] }, ...lapsed },
    data: { status: 'failed', error: INTERRUPTED, finishedAt: new Date() },
  });
  return count;
}
