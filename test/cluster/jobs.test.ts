import pg from 'pg';
import { expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { lockKeys } from '@/lib/facts/write-locks';
import { TEST_ADMIN_KEY } from '../harness/constants';
import { uid } from '../harness/data';
import { checkInvariants } from '../harness/invariants';
import type { Answer, Instance } from './harness/cluster';
import { describeCluster, useCluster } from './harness/use-cluster';

// Jobs on many instances (docs/decisions.md § Jobs on many instances): each lint or sweep job is
// claimed and run by exactly one instance; when the instance running one is killed (SIGKILL, as
// `kill -9`), another takes it over once its heartbeat lapsed and finishes it once — a sweep from
// the chunk it had reached, so no value is decayed twice.

/** The write path's advisory lock (lib/facts/write-facts.ts): holding it stops every writer between chunks. */
/** The lock a decay sweep chunk takes on its scope (lib/facts/write-locks.ts): held here as a gate. */
const TEAM_SCOPE_LOCK = lockKeys.scope('team');
const LAPSE_S = 6;
/** A sweep commits 10,000 value heads per chunk; this many makes two chunks. */
const SWEEP_FACTS = 12_000;
const JAN_2026 = Date.UTC(2026, 0, 1);

describeCluster('many instances, one primary: jobs', () => {
  // Every lint and sweep above one fact is a job; an instance silent for 6 s loses its jobs.
  const cluster = useCluster({ size: 3, env: { STIGMEM_ASYNC_THRESHOLD: '1', STIGMEM_HEARTBEAT_LAPSE_S: String(LAPSE_S), STIGMEM_SCHEDULER: 'off' } });
  const prefix = `stigmem://cluster/jobs-${uid()}`;

  /** Back-dated facts (imported with their old HLC and timestamp) under a 1-day retract policy. */
  const importOld = (instance: Instance, scope: string, from: number, count: number, label: string) =>
    instance.call('POST', '/v1/facts/import', {
      facts: Array.from({ length: count }, (_, k) => ({
        id: `${label}-${from + k}`,
        entity: `${prefix}/${scope}/e${String(from + k).padStart(6, '0')}`,
        relation: 'roadmap:status',
        value: { type: 'string', v: `v${from + k}` },
        source: 'stigmem://cluster/seed',
        scope,
        hlc: `${JAN_2026 + from + k}.000`,
        timestamp: '2026-01-01T00:00:00Z',
      })),
    });

  async function waitForJob(instance: Instance, kind: 'lint' | 'decay', id: string, timeoutMs = 120_000): Promise<{ body: Answer['body']; seen: Set<string> }> {
    const seen = new Set<string>();
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      const res = await instance.call('GET', `/v1/${kind}/jobs/${id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.add(res.body.status);
      if (res.body.status === 'done' || res.body.status === 'failed') return { body: res.body, seen };
    }
    throw new Error(`${kind} job ${id} did not finish within ${timeoutMs / 1000} s`);
  }

  async function claimedOn(instance: Instance, kind: 'lint' | 'decay', id: string): Promise<string> {
    for (let i = 0; i < 300; i++) {
      const job = (await instance.call('GET', `/v1/${kind}/jobs/${id}`)).body;
      if (job.status === 'running' && job.claimed_by) return job.claimed_by;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${kind} job ${id} was never claimed`);
  }

  /** Sums a counter's samples with these labels over every instance's GET /metrics. */
  async function counterSum(instances: Instance[], name: string, labels: Record<string, string>): Promise<number> {
    let sum = 0;
    for (const instance of instances) {
      const text: string = (await instance.call('GET', '/metrics')).body;
      for (const line of text.split('\n')) {
        const match = new RegExp(`^${name}\\{(.*)\\} (\\d+)$`).exec(line);
        if (match && Object.entries(labels).every(([k, v]) => match[1].includes(`${k}="${v}"`))) sum += Number(match[2]);
      }
    }
    return sum;
  }

  it('twelve lint and sweep jobs started at once on three instances are each claimed and run by exactly one', async () => {
    const instances = cluster().instances;
    expect((await importOld(instances[0], 'company', 0, 300, 'claim')).status).toBe(201);
    const bare = Array.from({ length: 40 }, (_, i) => ({ entity: `${prefix}/company/bare${i}`, relation: 'owner', value: { type: 'string', v: 'x' }, source: 'stigmem://cluster/agent', scope: 'company' }));
    expect((await instances[1].call('POST', '/v1/facts', { facts: bare })).status).toBe(201);
    expect((await instances[2].call('POST', '/v1/decay/policies', { id: 'cluster-company', relation: 'roadmap:*', scope: 'company', mode: 'retract', ttl_s: 86_400 })).status).toBe(201);

    const started = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const kind = i % 2 ? 'decay' : 'lint';
        const res = await instances[i % 3].call('POST', kind === 'lint' ? '/v1/lint' : '/v1/decay/sweep', { scope: 'company' });
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        return { kind, id: res.body.job_id as string } as const;
      }),
    );
    const jobs = await Promise.all(started.map(async ({ kind, id }, i) => ({ kind, ...(await waitForJob(instances[(i + 1) % 3], kind, id)).body })));
    const ids = instances.map((i) => i.id);
    for (const job of jobs) {
      expect(job.status, JSON.stringify(job)).toBe('done');
      expect(job.attempts).toBe(1);
      expect(ids).toContain(job.claimed_by);
    }
    // Every lint saw the same scope; the six sweeps together retracted each old value once.
    const lints = jobs.filter((j) => j.kind === 'lint');
    expect(new Set(lints.map((j) => j.findings.filter((f: { check: string }) => f.check === 'namespacing').length))).toEqual(new Set([40]));
    expect(jobs.filter((j) => j.kind === 'decay').reduce((n, j) => n + j.facts_retracted, 0)).toBe(300);
    // And from each instance's own count: twelve claims in all, twelve runs done, none lost or failed.
    for (const kind of ['lint', 'decay']) {
      expect(await counterSum(instances, 'stigmem_jobs_claimed_total', { kind })).toBe(6);
      expect(await counterSum(instances, 'stigmem_jobs_ended_total', { kind, status: 'done' })).toBe(6);
    }
    expect(await counterSum(instances, 'stigmem_jobs_ended_total', { status: 'lost' })).toBe(0);
    expect(await counterSum(instances, 'stigmem_jobs_ended_total', { status: 'failed' })).toBe(0);
  });

  it('kill -9 of the instance running a lint job: another takes it over after the heartbeat lapsed and finishes it once', async () => {
    const [first] = cluster().live();
    // The job's statement waits behind this lock, so the job is surely in flight when its instance dies.
    const blocker = new pg.Client({ connectionString: cluster().databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE value_heads IN ACCESS EXCLUSIVE MODE');
      const res = await first.call('POST', '/v1/lint', { scope: 'company' });
      expect(res.status).toBe(202);
      const claimedBy = await claimedOn(first, 'lint', res.body.job_id);
      const victim = cluster().live().find((i) => i.id === claimedBy)!;
      await new Promise((r) => setTimeout(r, 1_000));
      await victim.kill();
      await blocker.query('ROLLBACK');

      const survivor = cluster().live()[0];
      const killedAt = Date.now();
      const { body: job, seen } = await waitForJob(survivor, 'lint', res.body.job_id);
      expect(job.status, JSON.stringify(job)).toBe('done');
      expect(seen.has('failed')).toBe(false);
      expect(job.attempts).toBe(2);
      expect(job.claimed_by).not.toBe(victim.id);
      expect(cluster().live().map((i) => i.id)).toContain(job.claimed_by);
      // Not before the lapse: the heartbeat had to stop for LAPSE_S first.
      expect(Date.now() - killedAt).toBeGreaterThanOrEqual((LAPSE_S - 2) * 1000);
      expect(job.findings.filter((f: { check: string }) => f.check === 'namespacing')).toHaveLength(40);
      const db = await getDb();
      const [{ pages }] = await db.$queryRaw<{ pages: bigint }[]>`SELECT count(*) AS pages FROM job_result_pages WHERE job_id = ${res.body.job_id}`;
      expect(Number(pages)).toBe(Math.ceil(job.findings.length / 1000));
    } finally {
      await blocker.end();
    }
  });

  it('kill -9 of the instance sweeping: another finishes the sweep from its last chunk, and no value is decayed twice', async () => {
    const live = cluster().live();
    for (let from = 0; from < SWEEP_FACTS; from += 3_000) {
      const answers = await Promise.all([0, 1, 2].map((k) => importOld(live[k % live.length], 'team', from + k * 1_000, 1_000, 'sweep')));
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    expect((await live[0].call('POST', '/v1/decay/policies', { id: 'cluster-team', relation: 'roadmap:*', scope: 'team', mode: 'retract', ttl_s: 86_400 })).status).toBe(201);
    const db = await getDb();
    const decayFacts = async () =>
      Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM facts WHERE scope = 'team' AND source = 'system:stigmem:decay'`)[0].n);
    const waiters = async () =>
      Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)[0].n);
    const waitForWaiter = async () => {
      for (let i = 0; i < 600 && (await waiters()) === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await waiters()).toBeGreaterThan(0);
    };

    const lock = new pg.Client({ connectionString: cluster().databaseUrl });
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1, $2)', TEAM_SCOPE_LOCK);
      const res = await live[0].call('POST', '/v1/decay/sweep', { scope: 'team' });
      expect(res.status).toBe(202);
      const claimedBy = await claimedOn(live[0], 'decay', res.body.job_id);
      const victim = live.find((i) => i.id === claimedBy)!;
      // Let exactly one chunk through: the sweep's first chunk waits for the lock; giving it up and
      // asking again queues this session before the sweep's second chunk.
      await waitForWaiter();
      await lock.query('SELECT pg_advisory_unlock($1, $2)', TEAM_SCOPE_LOCK);
      await lock.query('SELECT pg_advisory_lock($1, $2)', TEAM_SCOPE_LOCK);
      await waitForWaiter();
      const midway = await decayFacts();
      expect(midway).toBeGreaterThan(0);
      expect(midway).toBeLessThan(SWEEP_FACTS);
      const progress = (await live[0].call('GET', `/v1/decay/jobs/${res.body.job_id}`)).body.progress;
      expect(progress).toBeCloseTo(midway / SWEEP_FACTS, 3);

      await victim.kill();
      await lock.query('SELECT pg_advisory_unlock($1, $2)', TEAM_SCOPE_LOCK);
      const survivor = cluster().live()[0];
      const { body: job, seen } = await waitForJob(survivor, 'decay', res.body.job_id);
      expect(job.status, JSON.stringify(job)).toBe('done');
      expect(seen.has('failed')).toBe(false);
      expect(job.attempts).toBe(2);
      expect(job.claimed_by).not.toBe(victim.id);
      // The job's counts are one sweep's: the first instance's chunk and the rest, each once.
      expect(job.facts_retracted).toBe(SWEEP_FACTS);
      expect(await decayFacts()).toBe(SWEEP_FACTS);
      const twice = await db.$queryRaw<{ entity: string }[]>`
        SELECT entity FROM facts WHERE scope = 'team' AND source = 'system:stigmem:decay' GROUP BY entity, relation, value_hash HAVING count(*) > 1`;
      expect(twice).toEqual([]);
      const [{ live: stillLive }] = await db.$queryRaw<{ live: bigint }[]>`SELECT count(*) AS live FROM value_heads WHERE scope = 'team' AND confidence > 0`;
      expect(Number(stillLive)).toBe(0);
      expect(await checkInvariants(`${prefix}/team/`)).toEqual([]);
    } finally {
      await lock.end();
    }
  });

  it("a done job's findings go out uncompressed to a client that accepts gzip; small answers stay gzipped", async () => {
    // Next compresses every response at gzip level 6 unless it says Cache-Control: no-transform
    // (lib/http/stream-response.ts): at 10M facts that cost 8.7 s for the 478 MB of findings.
    const [instance] = cluster().live();
    const started = await instance.call('POST', '/v1/lint', { scope: 'company' });
    expect(started.status).toBe(202);
    await waitForJob(instance, 'lint', started.body.job_id);
    const headers = { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'accept-encoding': 'gzip, deflate' };
    const res = await fetch(`${instance.url}/v1/lint/jobs/${started.body.job_id}`, { headers });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toContain('no-transform');
    const job = JSON.parse(await res.text());
    expect(job.status).toBe('done');
    expect(job.findings.length).toBeGreaterThan(0);
    const metrics = await fetch(`${instance.url}/metrics`, { headers });
    expect(metrics.headers.get('content-encoding')).toBe('gzip');
    expect(await metrics.text()).toContain('# TYPE');
  });
});
