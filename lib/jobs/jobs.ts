import { databaseKind } from '../db/connection';
import { getDb } from '../db/prisma';
import { streamText } from '../http/stream-text';
import { streamResponse } from '../http/stream-response';
import { notFound } from '../errors/domain-error';
import { noteTableChanges } from '../db/maintenance/maintenance-scheduler';
import { formatInstant, formatInstantOrNull } from '../time/instant';
import { config } from '../config/config';
import { heartbeatLapseMs } from '../db/instance';
import type { JobKind, JobStatus } from './job-definition';
import { PAGED_SUMMARY_KEY } from './result-summary';

// Async jobs for scopes above STIGMEM_ASYNC_THRESHOLD facts (lint §14.5, decay §15.4): their rows,
// what GET answers, and their clean-up. A job is started by start-job.ts and runs under a claim
// (claim-job.ts, run-job.ts) with a heartbeat. When its instance dies, on PostgreSQL another instance
// takes it over once the heartbeat lapsed (job-worker.ts); on PGlite, whose data directory belongs to
// one process, the restarted node marks it failed. Jobs live in their own table.
//
// A result's long array (a lint's findings: 21k of them, 7.7 MB, at 100k facts) is stored in pages of
// JOB_PAGE_SIZE items, each as the JSON text the job serialized: no row or statement grows with the
// scope (PGlite's heap has a hard ceiling), and GET streams the pages' text into the answer without
// parsing or re-serializing anything. A job may write its pages as it runs (result-pages.ts: the lint
// job does, so the app never holds the whole array) and keep in its result body what readers need of
// the whole array (PAGED_SUMMARY_KEY), so the dashboard reads a page or two, not every page
// (lib/lint/job-findings-page.ts). Pages are read only once the job is done. Finished jobs are kept
// JOB_RETENTION_MS, then pruned.

export type { JobKind, JobStatus, ReportProgress } from './job-definition';

export const INTERRUPTED = 'interrupted: the server restarted or stopped before the job finished';

export function asyncThreshold(): number {
  return config().asyncThreshold;
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
  /** The instance that runs (or ran) it, and how many instances claimed it in turn (extensions). */
  claimed_by: string | null;
  attempts: number;
  error?: string;
}

/** Items per stored page of a job's long array. */
export const JOB_PAGE_SIZE = 1_000;
/** Finished jobs (and their result pages) are deleted this long after they finished. */
export const JOB_RETENTION_MS = 24 * 3600_000;

/** Deletes jobs finished more than JOB_RETENTION_MS ago, with their result pages. */
export async function pruneFinishedJobs(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - JOB_RETENTION_MS);
  const gone = await db.$executeRaw`DELETE FROM job_result_pages WHERE job_id IN (SELECT id FROM jobs WHERE finished_at < ${cutoff})`;
  const { count } = await db.job.deleteMany({ where: { finishedAt: { lt: cutoff } } });
  if (count) noteTableChanges({ jobs: count, job_result_pages: gone });
  return count;
}

/**
 * Status as a reader sees it. On PGlite a pending or running job without a recent heartbeat was cut
 * off (one process: nobody else will finish it). On PostgreSQL such a job is about to be taken over
 * by a live instance (the one answering is one), so it reads as stored.
 */
export function effectiveStatus(job: { status: string; heartbeatAt: Date | null; createdAt: Date; error: string | null }, now = new Date()) {
  const lastSign = job.heartbeatAt ?? job.createdAt;
  const open = job.status === 'pending' || job.status === 'running';
  if (open && databaseKind() === 'pglite' && now.getTime() - lastSign.getTime() > heartbeatLapseMs()) {
    return { status: 'failed' as const, error: INTERRUPTED };
  }
  return { status: job.status as JobStatus, error: job.error ?? undefined };
}

async function findJob(id: string, kind: JobKind) {
  const db = await getDb();
  const job = await db.job.findUnique({ where: { id } });
  if (!job || job.kind !== kind) throw notFound('job_not_found', `no ${kind} job with id ${id}`);
  return job;
}

/** The text of each stored page's items from page `first`, without the brackets, in order; a few pages per query. */
async function* pageTexts(id: string, first = 0, pagesPerRead = 8): AsyncGenerator<string> {
  const db = await getDb();
  for (let from = first; ; from += pagesPerRead) {
    const rows = await db.$queryRaw<{ items: string }[]>`
      SELECT items FROM job_result_pages WHERE job_id = ${id} AND page >= ${from} AND page < ${from + pagesPerRead} ORDER BY page`;
    for (const row of rows) {
      const inner = row.items.trim().slice(1, -1);
      if (inner.trim()) yield inner;
    }
    if (rows.length < pagesPerRead) return;
  }
}

/**
 * GET /v1/{kind}/jobs/:id: the job's fields and, when done, its result, streamed. The fields and the
 * result body are serialized once (small); a paged array is the stored text, page after page, sent
 * uncompressed (stream-response.ts).
 */
export async function jobResponse(id: string, kind: JobKind): Promise<Response> {
  const job = await findJob(id, kind);
  const record = jobRecord(job);
  if (record.status !== 'done' || !job.pagedKey) return Response.json(record);
  const body = await streamText(resultText(JSON.stringify(record).slice(0, -1), job.pagedKey, id));
  return streamResponse(body, { 'content-type': 'application/json' });
}

/** The record's text without its closing brace, then the paged array, stored page after page. */
async function* resultText(head: string, key: string, id: string): AsyncGenerator<string> {
  yield `${head},${JSON.stringify(key)}:[`;
  let first = true;
  for await (const page of pageTexts(id)) {
    yield first ? page : `,${page}`;
    first = false;
  }
  yield ']}';
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
    claimed_by: job.claimedBy,
    attempts: job.attempts,
  };
  if (error) record.error = error;
  // A finished job carries the same body the synchronous call would have answered (its readers' summary left out).
  if (status !== 'done' || !job.result || typeof job.result !== 'object' || Array.isArray(job.result)) return record;
  const { [PAGED_SUMMARY_KEY]: _summary, ...body } = job.result as Record<string, unknown>;
  return { ...record, ...body };
}

export interface FinishedJob {
  record: JobRecord;
  /** The key of the paged array, once the job is done (null before, or for a job without one). */
  pagedKey: string | null;
  /** What the job stored of its paged array under PAGED_SUMMARY_KEY (undefined for a job stored without one). */
  summary: unknown;
}

/** A job's record and, when it is done, where its paged array is: its pages are read with jobPages / jobPage. */
export async function finishedJob(id: string, kind: JobKind): Promise<FinishedJob> {
  const job = await findJob(id, kind);
  const record = jobRecord(job);
  const pagedKey = record.status === 'done' ? job.pagedKey : null;
  const result = job.result && typeof job.result === 'object' && !Array.isArray(job.result) ? (job.result as Record<string, unknown>) : {};
  return { record, pagedKey, summary: pagedKey ? result[PAGED_SUMMARY_KEY] : undefined };
}

/**
 * The items of a done job's pages from page `first` on, parsed one page at a time: a reader holds one
 * page (JOB_PAGE_SIZE items) and whatever it keeps of them, never the whole array. Only call it for a
 * job finishedJob found done: the pages of a running job are being replaced.
 */
export async function* jobPages(id: string, first = 0): AsyncGenerator<unknown[]> {
  for await (const text of pageTexts(id, first, 2)) yield JSON.parse(`[${text}]`) as unknown[];
}

/** One page of a done job's paged array (empty past the end). */
export async function jobPage(id: string, page: number): Promise<unknown[]> {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ items: string }[]>`SELECT items FROM job_result_pages WHERE job_id = ${id} AND page = ${page}`;
  return row ? (JSON.parse(row.items) as unknown[]) : [];
}

/**
 * At start on PGlite: every job left pending or running was cut off, since the embedded database
 * belongs to this one process. On PostgreSQL nothing happens here: other instances may be running
 * their jobs, and the ones whose heartbeat lapsed are taken over (job-worker.ts), not failed.
 */
export async function failInterruptedJobs(): Promise<number> {
  if (databaseKind() !== 'pglite') return 0;
  const db = await getDb();
  const { count } = await db.job.updateMany({
    where: { status: { in: ['pending', 'running'] } },
    data: { status: 'failed', error: INTERRUPTED, finishedAt: new Date() },
  });
  // Pages a cut-off run had stored (PGlite keeps them until the end, so normally none).
  if (count) await db.$executeRaw`DELETE FROM job_result_pages WHERE job_id IN (SELECT id FROM jobs WHERE status = 'failed' AND error = ${INTERRUPTED})`;
  return count;
}
