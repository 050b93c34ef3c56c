// The example outside suite (e2e/examples, docs/testing-the-dashboard.md) the way a QA team runs it
// against the demo: twice in a row, with `npm run demo -- --reset` between. `npm test` runs this after
// the end-to-end suite (it reuses that build); on its own: `npm run build && node scripts/example-suite.mjs`.
//
//   pass 1  npm run demo -- --reset --skip-build --facts N --history-days D
//           over a fresh folder (.e2e-data/example-demo)
//           the suite signs in with the demo's admin key and resolves one contradiction
//   pass 2  npm run demo -- --reset …                        over the same folder: the database the first
//           pass changed is deleted and seeded again, the key file kept; the suite runs again
//
// Besides both passes being green it checks that the reset did its job: the second pass starts from
// the queue total the first one started from (not the one it left, one shorter), with the same key.
// The demo is smaller than `npm run demo`'s (EXAMPLES_DEMO_FACTS, default 3,000 facts instead of
// 20,000; EXAMPLES_DEMO_HISTORY_DAYS, default 7 days of replayed health runs instead of 90, each run
// about a second per scope), so a reset takes well under a minute instead of two or more: the same
// seed, story and replay, scaled down.
// Writes .test-reports/example-suite.json: {passed, failed, skipped, notes}.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reports = path.join(root, '.test-reports');
const dir = path.join(root, '.e2e-data', 'example-demo');
// After the end-to-end suite its port is free again: the demo takes it (no second port to collide with).
const port = Number(process.env.EXAMPLES_PORT ?? process.env.E2E_PORT ?? 3210);
const facts = process.env.EXAMPLES_DEMO_FACTS ?? '3000';
const historyDays = process.env.EXAMPLES_DEMO_HISTORY_DAYS ?? '7';
const base = `http://localhost:${port}`;

/** Starts `npm run demo -- --reset --skip-build` on the folder; resolves with the process once it answers. */
async function startDemo() {
  const env = { ...process.env, STIGMEM_DATA_DIR: dir, PORT: String(port), NEXT_TELEMETRY_DISABLED: '1', STIGMEM_SCHEDULER: 'off' };
  // The embedded database (a reset refuses PostgreSQL) and the key the demo keeps in its folder.
  delete env.DATABASE_URL;
  delete env.STIGMEM_ADMIN_KEY;
  const demo = spawn(bin('tsx'), ['--conditions=react-server', 'scripts/demo.ts', '--reset', '--skip-build', '--facts', facts, '--history-days', historyDays, '--port', String(port)], {
    cwd: root,
    env,
    stdio: 'inherit',
    detached: true, // its own process group: stopDemo() ends the demo and its server, nothing else
  });
  const exited = new Promise((resolve) => demo.on('exit', resolve));
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline && demo.exitCode === null) {
    try {
      if ((await fetch(`${base}/.well-known/stigmem`)).ok) return { demo, exited };
    } catch {
      // seeding, or the server is not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await stopDemo({ demo, exited });
  throw new Error(`the demo did not answer ${base} (exit code ${demo.exitCode})`);
}

async function stopDemo({ demo, exited }) {
  if (demo.exitCode !== null || demo.signalCode !== null) return;
  demo.kill('SIGTERM'); // the demo stops its server, then exits
  const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 20_000))]);
  if (!stopped) {
    try {
      process.kill(-demo.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await exited;
  }
}

/** The queue's total over the API: contradicted triples, every scope. */
async function queueTotal(key) {
  let response;
  // Again on a network error: a kept-alive connection the server closed while the suite ran (EPIPE).
  for (let attempt = 1; !response; attempt++) {
    response = await fetch(`${base}/v1/conflicts?group=triple&status=unresolved&limit=1`, { headers: { authorization: `Bearer ${key}` } }).catch((error) => {
      if (attempt === 3) throw new Error(`GET /v1/conflicts failed: ${error.cause?.message ?? error.message}`);
      return new Promise((resolve) => setTimeout(() => resolve(undefined), 1000));
    });
  }
  if (!response.ok) throw new Error(`GET /v1/conflicts answered ${response.status}: ${await response.text()}`);
  return (await response.json()).total;
}

function runSuite(key, report) {
  const child = spawnSync(bin('playwright'), ['test', '-c', 'e2e/examples'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, STIGMEM_URL: base, STIGMEM_KEY: key, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  let stats = null;
  try {
    stats = JSON.parse(readFileSync(report, 'utf8')).stats;
  } catch {
    // no report: the runner crashed
  }
  return { ok: child.status === 0, stats };
}

async function main() {
  mkdirSync(reports, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  const result = { passed: 0, failed: 0, skipped: 0, notes: [] };
  const passes = [];
  for (const pass of [1, 2]) {
    console.log(`\n--- example suite, pass ${pass}: npm run demo -- --reset --skip-build --facts ${facts} --history-days ${historyDays} ---`);
    const server = await startDemo();
    try {
      const key = readFileSync(path.join(dir, 'demo-admin-key'), 'utf8').trim();
      const before = await queueTotal(key);
      const run = runSuite(key, path.join(reports, `example-suite-pass-${pass}.json`));
      const after = await queueTotal(key);
      passes.push({ key, before, after });
      if (!run.stats) {
        result.failed += 1;
        result.notes.push(`pass ${pass}: no report (the runner crashed)`);
        continue;
      }
      result.passed += run.stats.expected + run.stats.flaky;
      result.failed += run.stats.unexpected + (run.ok || run.stats.unexpected ? 0 : 1);
      // A skipped example proves nothing (it skips without a key): count it as a failure here.
      if (run.stats.skipped) {
        result.failed += run.stats.skipped;
        result.notes.push(`pass ${pass}: ${run.stats.skipped} skipped`);
      }
      console.log(`pass ${pass}: queue total ${before} before, ${after} after`);
    } finally {
      await stopDemo(server);
    }
  }
  // The reset itself: the second pass found the seeded state again, not the first pass's drift.
  const [first, second] = passes;
  const resetOk = first && second && first.after === first.before - 1 && second.before === first.before && second.key === first.key;
  if (resetOk) result.passed += 1;
  else {
    result.failed += 1;
    result.notes.push(`reset check: pass 1 ${first?.before}→${first?.after}, pass 2 started at ${second?.before}${second && second.key !== first.key ? ', with another key' : ''}`);
  }
  console.log(`reset check: ${resetOk ? 'ok' : 'FAILED'} (pass 1 started at ${first?.before} and left ${first?.after}; pass 2 started at ${second?.before})`);
  return result;
}

let result;
try {
  result = await main();
} catch (error) {
  result = { passed: 0, failed: 1, skipped: 0, notes: [error.message] };
  console.error(`example suite: ${error.message}`);
}
rmSync(dir, { recursive: true, force: true });
writeFileSync(path.join(reports, 'example-suite.json'), JSON.stringify(result, null, 2));
console.log(`example suite: ${result.passed} passed, ${result.failed} failed${result.notes.length ? ` (${result.notes.join('; ')})` : ''}`);
process.exit(result.failed ? 1 : 0);
