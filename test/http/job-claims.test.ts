import { expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { claimNextJob, failExhaustedJobs, INTERRUPTED_TOO_OFTEN, MAX_ATTEMPTS } from '@/lib/jobs/claim-job';
import { type JobContext, type JobDefinition, LostClaim } from '@/lib/jobs/job-definition';
import { runClaimedJob } from '@/lib/jobs/run-job';
import { startJob } from '@/lib/jobs/start-job';
import type { LintFinding, LintResult } from '@/lib/lint/lint-request';
import { formatInstant } from '@/lib/time/instant';
import { api, describeHttp, uid } from '../harness';

// Claims fence a job's writes (docs/decisions.md § Jobs on many instances): once another instance
// took a job over, the run that lost it can neither store a result nor commit a checkpoint — the
// transaction its checkpoint belongs to rolls back — so the job ends once, with the taker's result.
// Here the "other instance" is a second claim in this process; test/cluster kills real processes.

const ADMIN = { keyId: null, entityUri: 'stigmem://local/admin', permissions: ['admin' as const], allowedScopes: ['local' as const], via: 'open' as const };

/** A lint-kind job whose run waits for release(), then commits `marker` with a checkpoint, then answers a lint of one finding (its detail the marker). */
function gatedJob(marker: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: (context: JobContext<{ step: number }>) => void;
  const running = new Promise<JobContext<{ step: number }>>((resolve) => (started = resolve));
  let checkpointError: unknown = null;
  const definition: JobDefinition<unknown, LintResult, { step: number }> = {
    kind: 'lint',
    pagedKey: 'findings',
    async run(_request, context) {
      started(context);
      await gate;
      const db = await getDb();
      await db
        .$transaction(async (tx) => {
          await tx.nodeMeta.create({ data: { key: marker, value: 'written by the run' } });
          await context.saveCheckpoint(tx, { step: 1 }, 0.5);
        })
        .catch((error) => (checkpointError = error));
      const finding: LintFinding = { check: 'namespacing', severity: 'warning', entity: 'stigmem://test/claims', relation: 'owner', fact_ids: [marker], detail: marker, suggested_relation: 'memory:owner' };
      return { checked_at: formatInstant(new Date()), scope: 'local', checks_run: ['namespacing'], fact_count: 1, findings: [finding] };
    },
  };
  return { marker, definition, release, running, checkpointError: () => checkpointError };
}

async function age(id: string, attempts?: number) {
  const db = await getDb();
  // Oldest of all, so the next claim takes this job before any other test's leftovers.
  await db.$executeRaw`UPDATE jobs SET heartbeat_at = now() - interval '1 hour', created_at = '2000-01-01T00:00:00Z',
    attempts = coalesce(${attempts ?? null}::int, attempts) WHERE id = ${id}`;
}

describeHttp('job claims', () => {
  it('a run whose job was taken over writes nothing more, and the job ends once with the result of the run that took it', async () => {
    const first = gatedJob(`claims-first-${uid()}`);
    const { job_id: id } = await startJob(first.definition, 'local', ADMIN, { scope: 'local' }, 1);
    await first.running;
    await age(id);

    const takeover = await claimNextJob();
    expect([takeover?.id, takeover?.attempts]).toEqual([id, 2]);
    // The first run goes on as if nothing happened: its checkpoint fails and rolls back, its result is refused.
    first.release();
    const db = await getDb();
    for (let i = 0; i < 200 && !first.checkpointError(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(first.checkpointError()).toBeInstanceOf(LostClaim);
    expect(await db.nodeMeta.findUnique({ where: { key: first.marker } })).toBeNull();

    const second = gatedJob(`claims-second-${uid()}`);
    second.release();
    await runClaimedJob(second.definition, takeover!);
    const job = (await api.get(`/v1/lint/jobs/${id}`)).body as { status: string; attempts: number; findings: LintFinding[] };
    expect([job.status, job.attempts]).toEqual(['done', 2]);
    expect(job.findings.map((f) => f.detail)).toEqual([second.marker]);
    expect(await db.nodeMeta.findUnique({ where: { key: second.marker } })).not.toBeNull();
    const [{ pages }] = await db.$queryRaw<{ pages: bigint }[]>`SELECT count(*) AS pages FROM job_result_pages WHERE job_id = ${id}`;
    expect(Number(pages)).toBe(1);
  });

  it(`a job cut off ${MAX_ATTEMPTS} times is failed instead of taken over again`, async () => {
    const stalled = gatedJob(`claims-stalled-${uid()}`);
    const { job_id: id } = await startJob(stalled.definition, 'local', ADMIN, { scope: 'local' }, 1);
    await stalled.running;
    await age(id, MAX_ATTEMPTS);
    const next = await claimNextJob();
    expect(next?.id).not.toBe(id);
    expect(await failExhaustedJobs()).toBeGreaterThanOrEqual(1);
    const job = (await api.get(`/v1/lint/jobs/${id}`)).body as { status: string; error: string };
    expect([job.status, job.error]).toEqual(['failed', INTERRUPTED_TOO_OFTEN]);
    // Its run, still in this process, finds the job no longer its own and stops.
    stalled.release();
    for (let i = 0; i < 200 && !stalled.checkpointError(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(stalled.checkpointError()).toBeInstanceOf(LostClaim);
  });
});
