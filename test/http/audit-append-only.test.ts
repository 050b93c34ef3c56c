import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import { pruneAudit } from '@/lib/audit/prune-audit';
import { getDb } from '@/lib/db/prisma';
import { describeHttp, TEST_ADMIN_KEY, uid, uniqueEntity, wireFact } from '../harness';
import { throwawayDatabases, tsxChild } from '../harness/tsx-child';

// The audit log is append-only (Spec-09): the database itself refuses every UPDATE, every TRUNCATE
// and every DELETE except the retention prune's, and no code path but that prune names the table
// in a change. Entries are in the database, so they outlive the process on both engines.

const ROOT = path.resolve(__dirname, '../..');
const DAY = 86400_000;
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
const newDatabase = throwawayDatabases('stigmem_audit');

/** Inserts an entry as of `at` (an insert is an append: allowed at any time), marked with `marker`. */
async function appendAt(at: Date, marker: string): Promise<void> {
  const db = await getDb();
  await db.$executeRaw`INSERT INTO audit_entries (at, action, outcome, status, via, scopes, target_id) VALUES (${at}, 'facts.write', 'success', 201, 'bearer', ${'{local}'}::text[], ${marker})`;
}

async function countOf(marker: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM audit_entries WHERE target_id = ${marker}`;
  return row.n;
}

/** Source files of the node (app/, lib/), without tests and generated code. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
  });
}

describeHttp('the audit log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE from any session, whatever it sets', async () => {
    const marker = `append-only-${uid()}`;
    await appendAt(new Date(Date.now() - 400 * DAY), marker);
    await appendAt(new Date(), marker);
    const db = await getDb();
    await expect(db.$executeRaw`UPDATE audit_entries SET outcome = 'success', actor = 'someone else' WHERE target_id = ${marker}`).rejects.toThrow(/append-only/);
    await expect(db.$executeRaw`DELETE FROM audit_entries WHERE target_id = ${marker}`).rejects.toThrow(/append-only/);
    await expect(db.$executeRaw`TRUNCATE audit_entries`).rejects.toThrow(/append-only/);
    // A session that names a cut-off of its own still cannot remove an entry younger than a day.
    await expect(
      db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT set_config('stigmem.audit_prune_before', ${new Date(Date.now() + DAY).toISOString()}, true)`;
        await tx.$executeRaw`DELETE FROM audit_entries WHERE target_id = ${marker}`;
      }),
    ).rejects.toThrow(/append-only/);
    expect(await countOf(marker)).toBe(2);
  });

  it('removes entries only through retention, and only those older than it', async () => {
    const marker = `retention-${uid()}`;
    const now = new Date();
    for (const days of [400, 40, 31, 29, 2, 0]) await appendAt(new Date(now.getTime() - days * DAY), marker);
    await pruneAudit(now, 30);
    expect(await countOf(marker)).toBe(3);
    await pruneAudit(now, 1);
    expect(await countOf(marker)).toBe(1);
    // The configured retention by default: 365 days.
    const old = `retention-default-${uid()}`;
    for (const days of [366, 364]) await appendAt(new Date(now.getTime() - days * DAY), old);
    await pruneAudit(now);
    expect(await countOf(old)).toBe(1);
  });

  it('no route or module but the retention prune changes or removes an entry', () => {
    const writers = [...sourceFiles(path.join(ROOT, 'lib')), ...sourceFiles(path.join(ROOT, 'app'))].filter((file) => {
      const text = readFileSync(file, 'utf8');
      return /auditEntry\.(update|upsert|delete)|(UPDATE|DELETE FROM|TRUNCATE)\s+audit_entries/i.test(text);
    });
    expect(writers.map((file) => path.relative(ROOT, file))).toEqual(['lib/audit/prune-audit.ts']);
  });

  it('keeps its entries across a restart of the node', async () => {
    const db = await newDatabase();
    const start = () =>
      new Promise<{ url: string; child: ChildProcess }>((resolve, reject) => {
        const child = spawn(...tsxChild('test/fixtures/crash-server-child.ts'), {
          cwd: ROOT,
          env: { NODE_ENV: 'test', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', STIGMEM_ADMIN_KEY: TEST_ADMIN_KEY, ...db },
        });
        children.push(child);
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.stdout.on('data', (chunk: Buffer) => {
          const match = /listening (\S+)/.exec(chunk.toString());
          if (match) resolve({ url: match[1], child });
        });
        child.on('exit', (code, signal) => reject(new Error(`child exited (${code ?? signal}): ${stderr}`)));
      });
    const call = (url: string, method: string, route: string, body?: unknown) =>
      fetch(`${url}${route}`, { method, headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const first = await start();
    const entity = uniqueEntity('restart');
    expect((await call(first.url, 'POST', '/v1/facts', wireFact(entity, 'x', { scope: 'team' }))).status).toBe(201);
    expect((await call(first.url, 'POST', '/v1/auth/keys', { entity_uri: entity })).status).toBe(201);
    const before = ((await (await call(first.url, 'GET', '/v1/audit')).json()) as { entries: { id: string; action: string }[] }).entries;
    expect(before.map((e) => e.action)).toEqual(['key.create', 'facts.write']);
    await new Promise<void>((resolve) => {
      first.child.once('exit', () => resolve());
      first.child.kill('SIGKILL');
    });
    const second = await start();
    const after = ((await (await call(second.url, 'GET', '/v1/audit')).json()) as { entries: { id: string; action: string }[] }).entries;
    expect(after).toEqual(before);
  });
});
