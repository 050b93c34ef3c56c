import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import pg from 'pg';
import { describeHttp } from '../harness';
import { tsxChild } from '../harness/tsx-child';

// Crash safety of the decay sweep (docs/semantics.md): kill the process in the middle of a sweep (after
// its first chunk committed), start again, sweep again — the result equals one uninterrupted sweep
// on a copy of the same data. Runs in child processes against databases of their own.

const ROOT = path.resolve(__dirname, '../..');
const CHILD = 'test/fixtures/decay-crash-child.ts';
const FACTS = 2500;
const database = inject('stigmemTestDatabase');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function newDatabase(): Promise<Record<string, string>> {
  if (database.kind === 'postgres') {
    const url = new URL(database.url);
    const name = `stigmem_crash_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    return { DATABASE_URL: Object.assign(new URL(url), { pathname: `/${name}` }).toString() };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'stigmem-crash-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { STIGMEM_DATA_DIR: dir };
}

/** Only what the child needs: its own database, never the test worker's. */
function childEnv(db: Record<string, string>): NodeJS.ProcessEnv {
  return { NODE_ENV: 'test', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...db };
}

function run(db: Record<string, string>, ...args: string[]): string {
  const result = spawnSync(...tsxChild(CHILD, ...args), { cwd: ROOT, env: childEnv(db), encoding: 'utf8', timeout: 240_000 });
  if (result.status !== 0) throw new Error(`child ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

const dumpOf = (db: Record<string, string>) => JSON.parse(run(db, 'dump').split('dump ')[1]) as [string, string, number, number][];

/** Starts a sweep and SIGKILLs the process once its first chunk has committed, with the rest to do. */
function sweepAndKill(db: Record<string, string>): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn(...tsxChild(CHILD, 'sweep-stall'), { cwd: ROOT, env: childEnv(db) });
    let killed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (!killed && /progress 0\.\d/.test(chunk.toString())) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('exit', () => resolve(killed));
    child.on('error', reject);
  });
}

describeHttp('decay crash safety', () => {
  it('a sweep killed midway, then run again, ends where one uninterrupted sweep ends', async () => {
    const crashed = await newDatabase();
    const control = await newDatabase();
    run(crashed, 'seed', String(FACTS));
    run(control, 'seed', String(FACTS));

    expect(await sweepAndKill(crashed)).toBe(true);
    const midway = dumpOf(crashed);
    const touched = midway.filter((row) => row[3] > 0).length;
    expect(touched).toBeGreaterThan(0);
    expect(touched).toBeLessThan(FACTS);

    run(crashed, 'sweep');
    run(control, 'sweep');
    const after = dumpOf(crashed);
    const expected = dumpOf(control);
    expect(after.length).toBe(FACTS);
    expect(after.map((r) => [r[0], r[1], r[3]])).toEqual(expected.map((r) => [r[0], r[1], r[3]]));
    after.forEach((row, i) => expect(row[2]).toBeCloseTo(expected[i][2], 3));
    expect(after.every((row) => row[3] === 1)).toBe(true);
  }, 600_000);
});
