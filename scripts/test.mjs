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
// the time): http (PGlite) beside the production build, http (PostgreSQL) and replicas, with the
// cluster suite in a third lane from the end of the build; then the e2e specs in two groups side
// by side (e2eGroups below), and the example suite. Lane output is prefixed with its name.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

// The e2e specs run in groups side by side, each in a Playwright process of its own against a
// server, a port and a database of its own: one run alone left a third or more of the two cores idle
// (the test waits on the server, the server on the browser). A spec's place is decided by its
// seconds in a full run, its hooks included (SPEC_SECONDS; a spec not listed counts
// DEFAULT_SPEC_SECONDS), the longest first, each into the group with the fewest seconds so far.
const E2E_GROUPS = 2;
const SPEC_SECONDS = {
  'ui/accessibility.spec.ts': 69,
  'ui/layout.spec.ts': 49,
  'ui/demo-tour.spec.ts': 85,
  'ui/overview-live.spec.ts': 16,
  'ui/review.spec.ts': 15,
  'ui/admin-scope-isolation.spec.ts': 14,
  'ui/lint.spec.ts': 12,
  'ui/test-friendly.spec.ts': 9,
  'api/hardening.spec.ts': 8,
  'ui/browser-hardening.spec.ts': 8,
  'ui/decay.spec.ts': 7,
  'ui/synthesis.spec.ts': 7,
  'ui/way-back.spec.ts': 6,
  'ui/health-history.spec.ts': 5,
  'ui/integrity.spec.ts': 5,
};
const DEFAULT_SPEC_SECONDS = 3;

function e2eGroups() {
  const specs = ['api', 'ui'].flatMap((dir) => readdirSync(path.join(root, 'e2e', dir)).filter((name) => name.endsWith('.spec.ts')).map((name) => `e2e/${dir}/${name}`));
  const seconds = (spec) => SPEC_SECONDS[spec.slice('e2e/'.length)] ?? DEFAULT_SPEC_SECONDS;
  const groups = Array.from({ length: E2E_GROUPS }, () => ({ seconds: 0, specs: [] }));
  for (const spec of specs.sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))) {
    const group = groups.reduce((least, g) => (g.seconds < least.seconds ? g : least));
    group.specs.push(spec);
    group.seconds += seconds(spec);
  }
  groups.forEach((g, i) => console.log(`e2e ${i + 1}: ${g.specs.length} specs, about ${g.seconds} s measured alone: ${g.specs.map((spec) => path.basename(spec, '.spec.ts')).join(', ')}`));
  return groups.map((g) => g.specs);
}

async function e2e() {
  console.log('\n=== e2e (Playwright, Chromium) ===');
  if (!chromium) return { name: 'e2e', passed: 0, failed: 1, skipped: 0, seconds: 0, note: 'Chromium is not available' };
  const started = Date.now();
  const runStamp = String(Date.now());
  // The build was made in the PostgreSQL lane; a failed build fails here too (npm start has nothing to serve).
  const groups = await Promise.all(
    e2eGroups().map(async (specs, i) => {
      const report = path.join(reports, `playwright-${i + 1}.json`);
      const filters = specs.map((spec) => spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const { ok } = await run(
        bin('playwright'),
        ['test', ...filters],
        {
          PLAYWRIGHT_JSON_OUTPUT_FILE: report,
          E2E_SKIP_BUILD: '1',
          E2E_PORT: String(3210 + 10 * i),
          E2E_DATA_DIR: path.join(root, '.e2e-data', `${runStamp}-${i + 1}`),
          E2E_OUTPUT_DIR: path.join(root, 'test-results', `e2e-${i + 1}`),
        },
        `e2e ${i + 1}`,
      );
      return { ok, stats: readJson(report)?.stats };
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  if (groups.some((g) => !g.stats)) return { name: 'e2e', passed: 0, failed: 1, skipped: 0, seconds, note: 'no report: a runner crashed' };
  const sum = (count) => groups.reduce((n, g) => n + count(g), 0);
  return {
    name: 'e2e',
    passed: sum((g) => g.stats.expected + g.stats.flaky),
    failed: sum((g) => g.stats.unexpected + (g.ok || g.stats.unexpected ? 0 : 1)),
    skipped: sum((g) => g.stats.skipped),
    seconds,
  };
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

// The cluster suite starts once the build is there, beside the lanes: its servers spend most of
// its time waiting on leases and recounts (about 90 % of the two cores idle when it ran alone).
let clusterLane = Promise.resolve([]);
const [embedded, postgres] = await Promise.all([
  (async () => [await vitestSuite('http (PGlite)', 'http', 'vitest-http-pglite', { TEST_DB: 'pglite' }, 'pglite')])(),
  (async () => {
    const build = await check('production build (for cluster, e2e and the example suite)', 'npm', ['run', 'build'], 'postgres');
    clusterLane = (async () => [await vitestSuite('cluster (PostgreSQL, real processes)', 'cluster', 'vitest-cluster', {}, 'cluster', 'cluster-skipped')])();
    return [
      build,
      await vitestSuite('http (PostgreSQL)', 'http', 'vitest-http-postgres', { TEST_DB: 'postgres' }, 'postgres', 'postgres-skipped'),
      await vitestSuite('replicas (PostgreSQL primary + streaming replicas)', 'replicas', 'vitest-replicas', {}, 'postgres', 'replicas-skipped'),
    ];
  })(),
]);
results.push(...embedded, ...postgres, ...(await clusterLane));
results.push(await e2e());
results.push(await exampleSuite());

console.log('\n| suite | passed | failed | skipped | seconds | note |\n|---|---:|---:|---:|---:|---|');
for (const r of results) console.log(`| ${r.name} | ${r.passed} | ${r.failed} | ${r.skipped} | ${r.seconds.toFixed(1)} | ${r.note ?? ''} |`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
const skippedSuites = results.filter((r) => r.skippedSuite).map((r) => r.name);
if (skippedSuites.length) console.log(`\nSkipped suites: ${skippedSuites.join(', ')} (see the note above).`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
