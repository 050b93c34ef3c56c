import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { TEST_ADMIN_KEY } from '../harness/constants';
import { uid, wireFact } from '../harness/data';
import { expectStreamedSection, pendingFallback, readBody } from './harness/streamed-html';
import type { Cluster } from './harness/cluster';
import { describeCluster, useCluster } from './harness/use-cluster';

// Streamed pages (docs/performance.md § Pages that stream): the health overview, the scope page and
// the conflict queue send their shell before their slow sections are read. Whether React streams a
// section or inlines it is timing — a section whose data is ready before the shell is flushed is
// inlined, which is right on a fast machine and would make a test of the HTML alone pass or fail by
// luck. Here the section's table is locked (ACCESS EXCLUSIVE, from a connection of the test's own)
// while the page is requested: the shell must arrive with the section's fallback and without the
// section; after the lock is released the same response completes the section.

/** Table locks held from the test's own connections, and signed-in page requests, on `cluster`'s first instance. */
function pageRequests(cluster: () => Cluster) {
  const locks: pg.Client[] = [];
  afterEach(async () => {
    await Promise.all(locks.splice(0).map((client) => client.end()));
  });

  /** A transaction holding `table` locked until the returned release() commits it. */
  async function lockTable(table: string): Promise<() => Promise<void>> {
    const client = new pg.Client({ connectionString: cluster().databaseUrl });
    await client.connect();
    locks.push(client);
    await client.query('BEGIN');
    await client.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    return async () => {
      await client.query('COMMIT');
    };
  }

  async function signedInCookie(): Promise<string> {
    const [first] = cluster().instances;
    const answer = await first.call('POST', '/api/session', { key: TEST_ADMIN_KEY }, { key: null, headers: { origin: first.url } });
    expect(answer.status).toBe(200);
    return answer.headers.get('set-cookie')!.split(';')[0];
  }

  async function requestPage(path: string) {
    const response = await fetch(`${cluster().instances[0].url}${path}`, { headers: { cookie: await signedInCookie() } });
    expect(response.status).toBe(200);
    return readBody(response);
  }

  /** Requests `path` with `table` locked; the shell is read before the lock is released. */
  async function pageWhileLocked(path: string, table: string, fallbackTexts: string[]) {
    const release = await lockTable(table);
    const body = await requestPage(path);
    const shell = await body.until((html) => fallbackTexts.every((text) => pendingFallback(html, text)));
    await release();
    return { shell, html: await body.rest() };
  }

  return { lockTable, requestPage, pageWhileLocked };
}

describeCluster('pages send their shell first and each section when it is read', () => {
  const cluster = useCluster({ size: 1, env: { STIGMEM_AUTH_REQUIRED: 'true', STIGMEM_SCHEDULER: 'off' } });
  const { pageWhileLocked } = pageRequests(cluster);

  it('the scope page: the title, then the headline, then the findings', async () => {
    const entity = `stigmem://cluster/stream-${uid()}`;
    const write = await cluster().instances[0].call('POST', '/v1/facts', {
      facts: [wireFact(entity, 'alice', { scope: 'local', relation: 'ops:owner' }), wireFact(entity, 'bob', { scope: 'local', relation: 'ops:owner' })],
    });
    expect(write.status).toBe(201);

    const { shell, html } = await pageWhileLocked('/scopes/local', 'value_heads', ['Loading the health of scope local', 'Loading the findings']);
    expect(shell).toContain('Scope: local');
    expect(shell).not.toContain('aria-label="Health of local"');
    expect(shell).not.toContain('data-testid="findings-table"');

    const title = html.indexOf('Scope: local');
    const summary = expectStreamedSection(html, 'Loading the health of scope local', 'aria-label="Health of local"');
    const findings = expectStreamedSection(html, 'Loading the findings', 'data-testid="findings-table"');
    expect(title).toBeLessThan(summary.fallbackAt);
    expect(summary.fallbackAt).toBeLessThan(findings.fallbackAt);
    expect(html.slice(findings.contentAt)).toContain(entity);
  });

  it('the health overview: each scope card after the shell', async () => {
    const { shell, html } = await pageWhileLocked('/', 'value_heads', ['Loading the health of scope local', 'Loading the health of scope team']);
    expect(shell).not.toContain('data-testid="scope-card-local"');
    expectStreamedSection(html, 'Loading the health of scope local', 'data-testid="scope-card-local"');
    expectStreamedSection(html, 'Loading the health of scope team', 'data-testid="scope-card-team"');
  });

  it('the conflict queue: the filters, then the table', async () => {
    const entity = `stigmem://cluster/stream-q-${uid()}`;
    const write = await cluster().instances[0].call('POST', '/v1/facts', {
      facts: [wireFact(entity, 'left', { scope: 'local', relation: 'ops:owner' }), wireFact(entity, 'right', { scope: 'local', relation: 'ops:owner' })],
    });
    expect(write.status).toBe(201);

    const { shell, html } = await pageWhileLocked('/conflicts', 'conflicts', ['Loading the conflicts']);
    const filters = shell.indexOf('aria-label="Filter conflicts"');
    expect(filters).toBeGreaterThan(0);
    expect(shell).not.toContain('data-testid="conflict-table"');
    const queue = expectStreamedSection(html, 'Loading the conflicts', 'data-testid="conflict-table"');
    expect(filters).toBeLessThan(queue.fallbackAt);
    expect(html.slice(queue.contentAt)).toContain(entity);
  });
});

// A scope above STIGMEM_ASYNC_THRESHOLD: the page starts the lint job on the server while its shell
// goes out (lib/health-history/start-scope-lint.ts). A quick job is awaited and its findings stream in with the
// HTML; a job still running after FIRST_PAGE_WAIT_S (3 s) is handed to the browser as a progress bar.
describeCluster('the scope page of a scope above the async threshold', () => {
  const cluster = useCluster({ size: 1, env: { STIGMEM_AUTH_REQUIRED: 'true', STIGMEM_SCHEDULER: 'off', STIGMEM_ASYNC_THRESHOLD: '10' } });
  const { lockTable, requestPage } = pageRequests(cluster);
  const progressFallback = 'Linting ';

  async function fillTeam(): Promise<string> {
    const entity = `stigmem://cluster/large-${uid()}`;
    const facts = [wireFact(entity, 'alice', { scope: 'team', relation: 'ops:owner' }), wireFact(entity, 'bob', { scope: 'team', relation: 'ops:owner' })];
    for (let i = 0; i < 12; i++) facts.push(wireFact(`${entity}-filler-${i}`, `v${i}`, { scope: 'team', relation: 'ops:note' }));
    const write = await cluster().instances[0].call('POST', '/v1/facts', { facts });
    expect(write.status).toBe(201);
    return entity;
  }

  /** The id of the lint job whose answer the page handed to the browser's cache (in the page's flight data). */
  function handedJobId(html: string): string {
    const id = /job_id\\?":\\?"([0-9a-f-]{36})/.exec(html)?.[1];
    expect(id, 'the page hands the browser the job it started').toBeDefined();
    return id!;
  }

  async function finishedJob(id: string): Promise<{ status: string; findings: { check: string; entity: string }[] }> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const job = await cluster().instances[0].call('GET', `/v1/lint/jobs/${id}`);
      expect(job.status).toBe(200);
      if (job.body.status === 'done' || job.body.status === 'failed' || Date.now() > deadline) return job.body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('a quick lint job: the findings arrive in the page itself, from the job the page started', async () => {
    const entity = await fillTeam();
    const html = await (await requestPage('/scopes/team')).rest();
    const section = expectStreamedSection(html, progressFallback, 'data-testid="lint-job-done"');
    const streamed = html.slice(section.contentAt);
    expect(streamed).toContain('data-testid="findings-table"');
    expect(streamed).toContain(entity);
    expect(streamed).not.toContain('role="progressbar"');
    const job = await finishedJob(handedJobId(html));
    expect(job.findings).toContainEqual(expect.objectContaining({ check: 'contradiction', entity }));
  });

  it('a lint job still running after the wait: the page hands the browser its progress and completes without it', async () => {
    const entity = await fillTeam();
    const release = await lockTable('value_heads');
    const started = Date.now();
    const body = await requestPage('/scopes/team');
    const shell = await body.until((html) => Boolean(pendingFallback(html, progressFallback)));
    expect(shell).not.toContain('data-testid="lint-job-done"');
    // The response ends while value_heads is still locked: the section is the job's progress.
    const html = await body.rest();
    // It waited for the job as long as a quick one is waited for (FIRST_PAGE_WAIT_S, 3 s), then handed it over.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    const section = expectStreamedSection(html, progressFallback, 'role="progressbar"');
    const streamed = html.slice(section.contentAt).replaceAll('<!-- -->', '');
    expect(streamed).not.toContain('data-testid="lint-job-done"');
    const id = handedJobId(html);
    expect(streamed).toContain(`job ${id.slice(0, 8)}`);
    // Another visit while it runs follows the same job instead of starting a second lint.
    const again = await (await requestPage('/scopes/team')).rest();
    expect(handedJobId(again)).toBe(id);
    await release();

    // The job the page started finishes once the lock is gone, with the scope's contradiction.
    const job = await finishedJob(id);
    expect(job.status).toBe('done');
    expect(job.findings).toContainEqual(expect.objectContaining({ check: 'contradiction', entity }));
  });

  it('the health overview: a scope above the threshold shows its latest health run, or that none has run, instead of a live lint', async () => {
    await fillTeam();
    const stat = (html: string, id: string) => new RegExp(`data-testid="${id}"[^>]*>([\\d,]+)<`).exec(html)?.[1];
    const before = await (await requestPage('/')).rest();
    expect(before).toContain('data-testid="scope-team-unchecked"');
    expect(before).not.toContain('data-testid="scope-team-facts"');
    // "local" holds no facts here: at or below the threshold, its card is live.
    expect(before).toContain('data-testid="scope-local-healthy"');

    const run = await cluster().instances[0].call('POST', '/v1/health/runs', { scope: 'team' });
    expect(run.status).toBe(201);
    // A write after the run: the card keeps the run's numbers (and says when they are from).
    await fillTeam();
    const after = await (await requestPage('/')).rest();
    expect(after).toContain('data-testid="scope-team-from-run"');
    expect(after).not.toContain('data-testid="scope-team-unchecked"');
    expect(after).not.toContain('data-testid="scope-team-namespace-chart"');
    expect(stat(after, 'scope-team-facts')).toBe(run.body.fact_count.toLocaleString('en-US'));
    expect(stat(after, 'scope-team-entities')).toBe(run.body.entity_count.toLocaleString('en-US'));
    expect(after).toContain(`data-testid="scope-team-score"`);
  });
});
