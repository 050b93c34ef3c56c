import { afterEach, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { getDb } from '@/lib/db/prisma';
import { LintAccepted, LintJob, LintResult } from '../lint-schemas';
import { api, createKey, describeHttp, expectBody, expectError, uniqueEntity, wireFact } from '../harness';

// §14.5 async path: scopes above STIGMEM_ASYNC_THRESHOLD facts answer 202 with a job; the job
// reports progress and, when done, the same body the synchronous call answers.

afterEach(() => {
  delete process.env.STIGMEM_ASYNC_THRESHOLD;
});

async function waitForJob(id: string, key?: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = expectBody(await api.get(`/v1/lint/jobs/${id}`, key ? { key } : {}), 200, LintJob.passthrough());
    if (job.status === 'done' || job.status === 'failed' || Date.now() > deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeHttp('lint jobs', () => {
  it('threshold boundary: at the threshold synchronous, one fact above it a job with the same result', async () => {
    const entity = uniqueEntity('big');
    await api.post('/v1/facts', { facts: [wireFact(entity, 'A', { scope: 'local' }), wireFact(entity, 'B', { scope: 'local' }), wireFact(entity, 'C', { relation: 'memory:x', scope: 'local', valid_until: '2020-01-01T00:00:00Z' })] });
    const request = { scope: 'local', entity };
    const sync = expectBody(await api.post('/v1/lint', request), 200, LintResult);
    expect(sync.fact_count).toBe(3);

    process.env.STIGMEM_ASYNC_THRESHOLD = '3';
    expect((await api.post('/v1/lint', request)).status).toBe(200);

    process.env.STIGMEM_ASYNC_THRESHOLD = '2';
    const accepted = expectBody(await api.post('/v1/lint', request), 202, LintAccepted);
    const job = await waitForJob(accepted.job_id);
    expect(job.status).toBe('done');
    expect(job.progress).toBe(1);
    const body = LintResult.parse(job);
    expect(body.findings).toEqual(sync.findings);
    expect(body.fact_count).toBe(3);
  });

  it('403 for a job of a scope the key cannot read, 404 for an unknown id', async () => {
    process.env.STIGMEM_ASYNC_THRESHOLD = '0';
    const entity = uniqueEntity();
    await api.post('/v1/facts', wireFact(entity, 'x', { scope: 'company' }));
    const accepted = expectBody(await api.post('/v1/lint', { scope: 'company', entity }), 202, LintAccepted);
    const outsider = await createKey(['read'], ['team']);
    expectError(await api.get(`/v1/lint/jobs/${accepted.job_id}`, { key: outsider.key }), 403, 'forbidden');
    expectError(await api.get(`/v1/lint/jobs/${randomUUID()}`), 404, 'job_not_found');
    expect((await waitForJob(accepted.job_id)).status).toBe('done');
  });

  it('a job cut off by a restart reads failed with a reason', async () => {
    const db = await getDb();
    const id = randomUUID();
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await db.job.create({ data: { id, kind: 'lint', scope: 'team', requestedBy: 'stigmem://test/x', request: {}, status: 'running', estimatedS: 1, createdAt: longAgo, startedAt: longAgo, heartbeatAt: longAgo } });
    const job = expectBody(await api.get(`/v1/lint/jobs/${id}`), 200, LintJob);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/restart/);
  });
});
