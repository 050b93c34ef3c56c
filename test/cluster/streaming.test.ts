import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { TEST_ADMIN_KEY } from '../harness/constants';
import { uid, wireFact } from '../harness/data';
import { expectStreamedSection, pendingFallback, readBody } from './harness/streamed-html';
import { describeCluster, useCluster } from './harness/use-cluster';

// Streamed pages (docs/performance.md § Pages that stream): the health overview, the scope page and
// the conflict queue send their shell before their slow sections are read. Whether React streams a
// section or inlines it is timing — a section whose data is ready before the shell is flushed is
// inlined, which is right on a fast machine and would make a test of the HTML alone pass or fail by
// luck. Here the section's table is locked (ACCESS EXCLUSIVE, from a connection of the test's own)
// while the page is requested: the shell must arrive with the section's fallback and without the
// section; after the lock is released the same response completes the section.

describeCluster('pages send their shell first and each section when it is read', () => {
  const cluster = useCluster({ size: 1, env: { STIGMEM_AUTH_REQUIRED: 'true', STIGMEM_SCHEDULER: 'off' } });
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
    const answer = await cluster().instances[0].call('POST', '/api/session', { key: TEST_ADMIN_KEY }, { key: null });
    expect(answer.status).toBe(200);
    return answer.headers.get('set-cookie')!.split(';')[0];
  }

  /** Requests `path` with `table` locked; the shell is read before the lock is released. */
  async function pageWhileLocked(path: string, table: string, fallbackTexts: string[]) {
    const cookie = await signedInCookie();
    const release = await lockTable(table);
    const response = await fetch(`${cluster().instances[0].url}${path}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const body = readBody(response);
    const shell = await body.until((html) => fallbackTexts.every((text) => pendingFallback(html, text)));
    await release();
    return { shell, html: await body.rest() };
  }

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
