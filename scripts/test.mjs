// `npm test`: every check and every suite, then one summary line "N passed, N failed".
//   typecheck, lint        one check each
//   unit                   vitest project "unit" (domain logic)
//   http (PGlite)          vitest project "http" on the embedded database
//   http (PostgreSQL)      the same tests on a fresh database on STIGMEM_TEST_PG_URL
//                          (default 127.0.0.1:5432); skipped, and said so, when no server answers
//                          (CI sets STIGMEM_TEST_PG_REQUIRED=1 so it can never be skipped there)
//   replicas               vitest project "replicas": a PostgreSQL primary and streaming replicas
//                          started from the machine's server binaries (test/replicas/pg-cluster.ts);
//                          skipped, and said so, where the binaries are missing (never in CI)
//   e2e                    Playwright in Debian Chromium against a built app
//   example outside suite  e2e/examples against `npm run demo` (reusing that build), twice, with
//                          `npm run demo -- --reset` between (scripts/example-suite.mjs)
//   cluster                built servers as real processes on one PostgreSQL database
//                          (test/cluster), reusing that build; skipped like the PostgreSQL suite
//                          when no server answers
// Order: the checks and unit tests; then two lanes at once, whose work shares the least (the
// embedded database's suite is one busy process; the PostgreSQL suites wait on the server much of
// the time): http (PGlite) beside http (PostgreSQL), replicas and the production build; then the
// suites that time a browser or several servers, one at a time. Lane output is prefixed with its name.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = path.join(root, '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Runs a command to its end; with a `lane`, its output is prefixed with the lane's name (lanes run side by side). */
function run(command, args, env = {}, lane = null) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: lane ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    if (lane) for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => console.log(`[${lane}] ${line}`));
    child.on('close', (code) => resolve({ ok: code === 0, seconds: (Date.now() - started) / 1000 }));
  });
}

async function check(name, command, args, lane = null) {
  console.log(`\n=== ${name} ===`);
  const { ok, seconds } = await run(command, args, {}, lane);
  return { name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, seconds };
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A vitest project's result; `marker` names the file its global setup leaves when it skipped the suite. */
async function vitestSuite(name, project, reportName, env = {}, lane = null, marker = null) {
  console.log(`\n=== ${name} ===`);
  const report = path.join(reports, `${reportName}.json`);
  const { ok, seconds } = await run(bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env, lane);
  const json = readJson(report);
  if (!json) return { name, passed: 0, failed: 1, skipped: 0, seconds, note: 'no report: the runner crashed' };
  const failed = json.numFailedTests + (ok || json.numFailedTests ? 0 : 1);
  const result = { name, passed: json.numPassedTests, failed, skipped: json.numPendingTests + json.numTodoTests, seconds };
  const skippedMarker = marker && path.join(reports, marker);
  if (skippedMarker && existsSync(skippedMarker)) Object.assign(result, { note: readFileSync(skippedMarker, 'utf8').trim() || 'PostgreSQL not reachable: suite skipped', skippedSuite: true });
  return result;
}

async function e2e() {
  console.log('\n=== e2e (Playwright, Chromium) ===');
  if (!chromium) return { name: 'e2e', passed: 0, failed: 1, skipped: 0, seconds: 0, note: 'Chromium is not available' };
  const report = path.join(reports, 'playwright.json');
  // The build was made in the PostgreSQL lane; a failed build fails here too (npm start has nothing to serve).
  const { ok, seconds } = await run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_SKIP_BUILD: '1' });
  const stats = readJson(report)?.stats;
  if (!stats) return { name: 'e2e', passed: 0, failed: 1, skipped: 0, seconds, note: 'no report: the runner crashed' };
  return { name: 'e2e', passed: stats.expected + stats.flaky, failed: stats.unexpected + (ok || stats.unexpected ? 0 : 1), skipped: stats.skipped, seconds };
}

async function exampleSuite() {
  console.log('\n=== example outside suite (twice, demo reset between) ===');
  const { seconds } = await run(process.execPath, [path.join(root, 'scripts', 'example-suite.mjs')]);
  const json = readJson(path.join(reports, 'example-suite.json'));
  if (!json) return { name: 'example outside suite', passed: 0, failed: 1, skipped: 0, seconds, note: 'no report: the runner crashed' };
  return { name: 'example outside suite', passed: json.passed, failed: json.failed, skipped: json.skipped, seconds, note: json.notes.join('; ') || undefined };
}

const results = [];
results.push(await check('typecheck', bin('tsc'), ['--noEmit']));
results.push(await check('lint', bin('eslint'), ['.']));
results.push(await vitestSuite('unit', 'unit', 'vitest-unit'));
// Before the lanes: it may take apt-get a while, and it blocks this process.
const chromium = ensureChromium();

const [embedded, postgres] = await Promise.all([
  (async () => [await vitestSuite('http (PGlite)', 'http', 'vitest-http-pglite', { TEST_DB: 'pglite' }, 'pglite')])(),
  (async () => [
    await vitestSuite('http (PostgreSQL)', 'http', 'vitest-http-postgres', { TEST_DB: 'postgres' }, 'postgres', 'postgres-skipped'),
    await vitestSuite('replicas (PostgreSQL primary + streaming replicas)', 'replicas', 'vitest-replicas', {}, 'postgres', 'replicas-skipped'),
    await check('production build (for e2e, the example suite and cluster)', 'npm', ['run', 'build'], 'postgres'),
  ])(),
]);
results.push(...embedded, ...postgres);
results.push(await e2e());
results.push(await exampleSuite());
results.push(await vitestSuite('cluster (PostgreSQL, real processes)', 'cluster', 'vitest-cluster', {}, null, 'cluster-skipped'));

console.log('\n| suite | passed | failed | skipped | seconds | note |\n|---|---:|---:|---:|---:|---|');
for (const r of results) console.log(`| ${r.name} | ${r.passed} | ${r.failed} | ${r.skipped} | ${r.seconds.toFixed(1)} | ${r.note ?? ''} |`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
const skippedSuites = results.filter((r) => r.skippedSuite).map((r) => r.name);
if (skippedSuites.length) console.log(`\nSkipped suites: ${skippedSuites.join(', ')} (see the note above).`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
