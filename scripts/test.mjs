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
//                          (test/cluster); after e2e, so it reuses that build; skipped like the
//                          PostgreSQL suite when no server answers
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = path.join(root, '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results = [];
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(command, args, env = {}) {
  const started = Date.now();
  const child = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: child.status === 0, seconds: (Date.now() - started) / 1000 };
}

function check(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const { ok, seconds } = run(command, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, seconds });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function vitestSuite(name, project, reportName, env = {}) {
  console.log(`\n=== ${name} ===`);
  const report = path.join(reports, `${reportName}.json`);
  const { ok, seconds } = run(bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  const json = readJson(report);
  if (!json) return results.push({ name, passed: 0, failed: 1, skipped: 0, seconds, note: 'no report: the runner crashed' });
  const failed = json.numFailedTests + (ok || json.numFailedTests ? 0 : 1);
  results.push({ name, passed: json.numPassedTests, failed, skipped: json.numPendingTests + json.numTodoTests, seconds });
}

check('typecheck', bin('tsc'), ['--noEmit']);
check('lint', bin('eslint'), ['.']);
vitestSuite('unit', 'unit', 'vitest-unit');
vitestSuite('http (PGlite)', 'http', 'vitest-http-pglite', { TEST_DB: 'pglite' });

const pgSkippedMarker = path.join(reports, 'postgres-skipped');
vitestSuite('http (PostgreSQL)', 'http', 'vitest-http-postgres', { TEST_DB: 'postgres' });
if (existsSync(pgSkippedMarker)) {
  const suite = results[results.length - 1];
  suite.note = readFileSync(pgSkippedMarker, 'utf8').trim() || 'PostgreSQL not reachable: suite skipped';
  suite.skippedSuite = true;
}

const replicasSkippedMarker = path.join(reports, 'replicas-skipped');
vitestSuite('replicas (PostgreSQL primary + streaming replicas)', 'replicas', 'vitest-replicas');
if (existsSync(replicasSkippedMarker)) {
  const suite = results[results.length - 1];
  suite.note = readFileSync(replicasSkippedMarker, 'utf8').trim();
  suite.skippedSuite = true;
}

console.log('\n=== e2e (Playwright, Chromium) ===');
if (ensureChromium()) {
  const report = path.join(reports, 'playwright.json');
  const { ok, seconds } = run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  const stats = readJson(report)?.stats;
  if (!stats) results.push({ name: 'e2e', passed: 0, failed: 1, skipped: 0, seconds, note: 'no report: the runner crashed' });
  else results.push({ name: 'e2e', passed: stats.expected + stats.flaky, failed: stats.unexpected + (ok || stats.unexpected ? 0 : 1), skipped: stats.skipped, seconds });
} else {
  results.push({ name: 'e2e', passed: 0, failed: 1, skipped: 0, seconds: 0, note: 'Chromium is not available' });
}

console.log('\n=== example outside suite (twice, demo reset between) ===');
{
  const { seconds } = run(process.execPath, [path.join(root, 'scripts', 'example-suite.mjs')]);
  const json = readJson(path.join(reports, 'example-suite.json'));
  if (!json) results.push({ name: 'example outside suite', passed: 0, failed: 1, skipped: 0, seconds, note: 'no report: the runner crashed' });
  else results.push({ name: 'example outside suite', passed: json.passed, failed: json.failed, skipped: json.skipped, seconds, note: json.notes.join('; ') || undefined });
}

const clusterSkippedMarker = path.join(reports, 'cluster-skipped');
vitestSuite('cluster (PostgreSQL, real processes)', 'cluster', 'vitest-cluster');
if (existsSync(clusterSkippedMarker)) {
  const suite = results[results.length - 1];
  suite.note = readFileSync(clusterSkippedMarker, 'utf8').trim() || 'PostgreSQL not reachable: suite skipped';
  suite.skippedSuite = true;
}

console.log('\n| suite | passed | failed | skipped | seconds | note |\n|---|---:|---:|---:|---:|---|');
for (const r of results) console.log(`| ${r.name} | ${r.passed} | ${r.failed} | ${r.skipped} | ${r.seconds.toFixed(1)} | ${r.note ?? ''} |`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
const skippedSuites = results.filter((r) => r.skippedSuite).map((r) => r.name);
if (skippedSuites.length) console.log(`\nSkipped suites: ${skippedSuites.join(', ')} (see the note above).`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
