import { afterEach, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { getDb } from '@/lib/db/prisma';
import type { JobFindingsPage } from '@/lib/lint/job-findings-page';
import { JOB_PAGE_SIZE, JOB_RETENTION_MS, pruneFinishedJobs } from '@/lib/jobs/jobs';
import { LintAccepted, LintJob, LintResult } from '../lint-schemas';
import { api, createKey, describeHttp, expectBody, expectError, uniqueEntity, wireFact, setEnv } from '../harness';

// §14.5 async path: scopes above STIGMEM_ASYNC_THRESHOLD facts answer 202 with a job; the job
// reports progress and, when done, the same body the synchronous call answers.

afterEach(() => {
  setEnv({ STIGMEM_ASYNC_THRESHOLD: undefined });
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

    setEnv({ STIGMEM_ASYNC_THRESHOLD: '3' });
    expect((await api.post('/v1/lint', request)).status).toBe(200);

    setEnv({ STIGMEM_ASYNC_THRESHOLD: '2' });
    const accepted = expectBody(await api.post('/v1/lint', request), 202, LintAccepted);
    const job = await waitForJob(accepted.job_id);
    expect(job.status).toBe('done');
    expect(job.progress).toBe(1);
    const body = LintResult.parse(job);
    expect(body.findings).toEqual(sync.findings);
    expect(body.fact_count).toBe(3);
  });

  it('403 for a job of a scope the key cannot read, 404 for an unknown id', async () => {
    setEnv({ STIGMEM_ASYNC_THRESHOLD: '0' });
    const entity = uniqueEntity();
    await api.post('/v1/facts', wireFact(entity, 'x', { scope: 'company' }));
    const accepted = expectBody(await api.post('/v1/lint', { scope: 'company', entity }), 202, LintAccepted);
    const outsider = await createKey(['read'], ['team']);
    expectError(await api.get(`/v1/lint/jobs/${accepted.job_id}`, { key: outsider.key }), 403, 'forbidden');
    expectError(await api.get(`/v1/lint/jobs/${randomUUID()}`), 404, 'job_not_found');
    expect((await waitForJob(accepted.job_id)).status).toBe('done');
  });

  it('a job whose heartbeat stopped reads failed with a reason on PGlite, and running on PostgreSQL until an instance takes it over', async () => {
    const db = await getDb();
    const id = randomUUID();
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await db.job.create({ data: { id, kind: 'lint', scope: 'team', requestedBy: 'stigmem://test/x', request: {}, status: 'running', estimatedS: 1, createdAt: longAgo, startedAt: longAgo, heartbeatAt: longAgo } });
    const job = expectBody(await api.get(`/v1/lint/jobs/${id}`), 200, LintJob);
    if (inject('stigmemTestDatabase').kind === 'pglite') {
      // One process owns the embedded database: nobody else will finish it.
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(/restart/);
    } else {
      // Shared by instances: a live one takes it over (test/cluster/jobs.test.ts); never "failed" meanwhile.
      expect([job.status, job.error]).toEqual(['running', undefined]);
    }
    await db.job.update({ where: { id }, data: { status: 'failed', finishedAt: new Date() } });
  });

  it('a long result is stored in pages of JOB_PAGE_SIZE findings and served whole, equal to the synchronous answer', async () => {
    const entity = uniqueEntity('paged');
    const total = 2 * JOB_PAGE_SIZE + 37;
    // Each fact an expired value of its own entity: a stale warning and an orphan per fact.
    for (let from = 0; from < total; from += 1_000) {
      const facts = Array.from({ length: Math.min(1_000, total - from) }, (_, i) => wireFact(`${entity}-${from + i}`, 'old', { scope: 'local', relation: 'memory:paged', valid_until: '2020-01-01T00:00:00Z' }));
      expect((await api.post('/v1/facts', { facts })).status).toBe(201);
    }
    const request = { scope: 'local', relation: 'memory:paged' };
    const sync = expectBody(await api.post('/v1/lint', request), 200, LintResult);
    expect(sync.findings.length).toBe(2 * total);

    setEnv({ STIGMEM_ASYNC_THRESHOLD: '0' });
    const accepted = expectBody(await api.post('/v1/lint', request), 202, LintAccepted);
    const job = await waitForJob(accepted.job_id);
    expect(job.status).toBe('done');
    expect(LintResult.parse(job).findings).toEqual(sync.findings);

    const db = await getDb();
    const pages = await db.$queryRaw<{ page: number; n: number }[]>`
      SELECT page, json_array_length(items)::int AS n FROM job_result_pages WHERE job_id = ${accepted.job_id} ORDER BY page`;
    expect(pages.map((p) => p.n)).toEqual([JOB_PAGE_SIZE, JOB_PAGE_SIZE, JOB_PAGE_SIZE, JOB_PAGE_SIZE, 74]);
    expect(pages.map((p) => p.page)).toEqual([0, 1, 2, 3, 4]);
    const row = await db.job.findUniqueOrThrow({ where: { id: accepted.job_id } });
    expect(row.result).not.toHaveProperty('findings');
    expect(row.pagedKey).toBe('findings');
  });

  it('the dashboard pages a finished job on the server: one page of rows, counts and namespaces for the whole result', async () => {
    const entity = uniqueEntity('jobpage');
    const facts = [
      ...Array.from({ length: 120 }, (_, i) => wireFact(`${entity}-${String(i).padStart(3, '0')}`, 'old', { scope: 'team', relation: 'memory:jp', valid_until: '2020-01-01T00:00:00Z' })),
      wireFact(`${entity}-c`, 'A', { scope: 'team', relation: 'memory:jp' }),
      wireFact(`${entity}-c`, 'B', { scope: 'team', relation: 'memory:jp' }),
    ];
    expect((await api.post('/v1/facts', { facts })).status).toBe(201);
    setEnv({ STIGMEM_ASYNC_THRESHOLD: '0' });
    const accepted = expectBody(await api.post('/v1/lint', { scope: 'team', relation: 'memory:jp' }), 202, LintAccepted);
    const whole = LintResult.parse(await waitForJob(accepted.job_id));
    const stale = whole.findings.filter((f) => f.check === 'stale');
    expect(stale.length).toBe(120);

    const second = (await api.get(`/api/lint-jobs/${accepted.job_id}/findings?check=stale&sort=entity&dir=desc&page=2`)).body as JobFindingsPage & { page: NonNullable<JobFindingsPage['page']> };
    expect(second.job.status).toBe('done');
    expect(second.page.total).toBe(120);
    expect(second.page.offset).toBe(50);
    expect(second.page.finding_count).toBe(whole.findings.length);
    const count = (severity: string) => whole.findings.filter((f) => f.severity === severity).length;
    expect(second.page.counts).toEqual({ error: count('error'), warning: count('warning'), info: count('info') });
    expect(count('warning')).toBe(120);
    expect(second.page.namespaces).toEqual(['memory']);
    const expected = stale.map((f) => f.entity).sort().reverse().slice(50, 100);
    expect(second.page.findings.map((f) => f.entity)).toEqual(expected);

    const outsider = await createKey(['read'], ['company']);
    expectError(await api.get(`/api/lint-jobs/${accepted.job_id}/findings`, { key: outsider.key }), 403, 'forbidden');
    expectError(await api.get(`/api/lint-jobs/${randomUUID()}/findings`), 404, 'job_not_found');
  });

  it('finished jobs are pruned with their pages after the retention period; running jobs are kept', async () => {
    const db = await getDb();
    const old = new Date(Date.now() - JOB_RETENTION_MS - 60_000);
    const done = randomUUID();
    const running = randomUUID();
    await db.job.create({ data: { id: done, kind: 'lint', scope: 'team', requestedBy: 'stigmem://test/x', request: {}, status: 'done', estimatedS: 1, createdAt: old, finishedAt: old, pagedKey: 'findings', result: {} } });
    await db.$executeRaw`INSERT INTO job_result_pages (job_id, page, items) VALUES (${done}, 0, '[]'::json)`;
    await db.job.create({ data: { id: running, kind: 'lint', scope: 'team', requestedBy: 'stigmem://test/x', request: {}, status: 'running', estimatedS: 1, createdAt: old, heartbeatAt: new Date() } });
    expect(await pruneFinishedJobs()).toBeGreaterThanOrEqual(1);
    expect(await db.job.findUnique({ where: { id: done } })).toBeNull();
    expect(await db.jobResultPage.count({ where: { jobId: done } })).toBe(0);
    expect(await db.job.findUnique({ where: { id: running } })).not.toBeNull();
    await db.job.delete({ where: { id: running } });
  });
});
