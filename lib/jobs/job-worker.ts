import { databaseKind } from '../db/connection';
import { observeJobClaim } from '../metrics/registry';
import { beatEveryMs } from '../db/instance';
import { claimNextJob, failExhaustedJobs } from './claim-job';
import type { JobKind, StoredJobDefinition } from './job-definition';
import { runClaimedJob } from './run-job';
import { logger } from '../observability/logger';

// On PostgreSQL, where several app instances share the database, each one polls for jobs no live
// instance holds — left pending, or running with a lapsed heartbeat because their instance died —
// claims one at a time (FOR UPDATE SKIP LOCKED, claim-job.ts) and runs it here, from its checkpoint
// when it has one. Polls every 10 s, or a third of STIGMEM_HEARTBEAT_LAPSE_S when that is shorter.
// PGlite has one process: a job cut off there failed at the restart (jobs.ts, failInterruptedJobs).

type JobDefinitions = Record<JobKind, StoredJobDefinition>;

class JobWorker {
  constructor(private readonly definitions: JobDefinitions) {}

  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;

  /** One poll: fail the jobs that used every claim, then take over at most one job. */
  poll(): Promise<void> {
    this.polling ??= this.pass().finally(() => (this.polling = null));
    return this.polling;
  }

  private async pass(): Promise<void> {
    await failExhaustedJobs();
    const claim = await claimNextJob();
    if (!claim) return;
    logger().info({ job_id: claim.id, job_kind: claim.kind, claim: claim.attempts }, 'picked up a job');
    observeJobClaim(claim.kind, 'picked_up');
    void runClaimedJob(this.definitions[claim.kind], claim);
  }

  start(): void {
    if (this.timer) return;
    const poll = () => void this.poll().catch((error) => logger().error({ err: error }, 'job poll failed'));
    this.timer = setInterval(poll, beatEveryMs(10_000));
    this.timer.unref();
    poll();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

const holder = globalThis as unknown as { __stigmemJobWorker?: JobWorker };

/** Server start (instrumentation.ts): one worker per process, on PostgreSQL only, for these kinds of job. */
export function startJobWorker(definitions: JobDefinitions): void {
  if (databaseKind() !== 'postgres') return;
  holder.__stigmemJobWorker ??= new JobWorker(definitions);
  holder.__stigmemJobWorker.start();
}

export function stopJobWorker(): void {
  holder.__stigmemJobWorker?.stop();
}
