import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeHttp } from '../harness';
import { throwawayDatabases, tsxChild } from '../harness/tsx-child';

// Crash safety of the decay sweep (docs/semantics.md): kill the process in the middle of a sweep (after
// its first chunk committed), start again, sweep again — the result equals one uninterrupted sweep
// on a copy of the same data. Runs in child processes against databases of their own.

const ROOT = path.resolve(__dirname, '../..');
const CHILD = 'test/fixtures/decay-crash-child.ts';
const FACTS = 2500;
const newDatabase = throwawayDatabases('stigmem_crash');

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
