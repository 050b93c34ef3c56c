import type { Tx } from '../db/prisma';

// What a kind of job is: how to run it from its stored request. The instance that accepted the job
// runs it at once; on PostgreSQL any other instance can run the same definition from the stored row
// when the first one died (lib/jobs/job-worker.ts), so a run may start from a checkpoint.

export type JobKind = 'lint' | 'decay' | 'history';
export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export type ReportProgress = (fraction: number) => Promise<void>;

/**
 * The result's paged array (JobDefinition.pagedKey), written as the run produces it instead of
 * returned whole: the app then holds a page or two of it, whatever the result's length. Every page
 * write is fenced by the claim (it throws LostClaim once another instance took the job over); a run
 * that appends items returns its result without the paged key. See lib/jobs/result-pages.ts.
 */
export interface ResultPages {
  /** Appends items in order; each full page of JOB_PAGE_SIZE items is stored (or, on PGlite, serialized and kept for the end). */
  append(items: readonly unknown[]): Promise<void>;
  /** append() for items already written as JSON text, one text per item: stored as they are. */
  appendJson(texts: readonly string[]): Promise<void>;
  /** Items appended so far. */
  readonly count: number;
  /** Items per stored page: page n holds items n × pageSize onwards. */
  readonly pageSize: number;
}

export interface JobContext<Checkpoint> {
  jobId: string;
  estimatedS: number;
  report: ReportProgress;
  /** What an earlier claim of this job committed last (a resumable job's own shape); null on a first run. */
  checkpoint: Checkpoint | null;
  /**
   * Stores a checkpoint in the caller's transaction, with the job's progress. Throws LostClaim when
   * this run no longer holds the job (another instance took it over), so that transaction rolls back
   * and nothing it wrote counts twice.
   */
  saveCheckpoint(tx: Tx, checkpoint: Checkpoint, progress: number): Promise<void>;
  /** Where the paged array goes when the run streams it (only for a definition with a pagedKey). */
  pages: ResultPages;
}

export interface JobDefinition<Request, Result, Checkpoint = never> {
  kind: JobKind;
  /**
   * Which key of the result holds the long array that is stored in pages: either the run returns it
   * as an array (stored in pages with the result), or it appends it to context.pages as it goes and
   * returns the result without it.
   */
  pagedKey?: string;
  // Method syntax on purpose: the registry holds definitions of every request type side by side.
  run(request: Request, context: JobContext<Checkpoint>): Promise<Result>;
}

/** A definition whose request and checkpoint types are erased, as the registry and a stored row see it. */
export type StoredJobDefinition = JobDefinition<never, unknown, never>;

/** Thrown by a fenced write of a run whose claim was taken over: the run stops without touching the job. */
export class LostClaim extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} was taken over by another instance`);
  }
}
