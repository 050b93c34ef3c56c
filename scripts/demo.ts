import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateApiKey } from '../lib/auth/key-material';
import { describeDatabase } from '../lib/db/connection';
import { closeDb, getDb } from '../lib/db/prisma';
import { formatSeedProgress } from '../lib/seed/format-seed-report';
import { playDemoStory } from '../lib/seed/demo-story';
import { runSeed } from '../lib/seed/run-seed';
import { buildDemoHistory } from '../lib/health-history/demo-history';

// npm run demo -- [--facts 20000] [--history-days 90] [--port 3000] [--skip-build] [--reset]
//
// One command from a fresh clone (after npm install) to a running node with demo data:
//   1. builds the app (next build; --skip-build reuses .next),
//   2. makes sure the data folder exists (STIGMEM_DATA_DIR, default ./data) and applies migrations,
//   3. seeds the demo knowledge base once (npm run seed's generator, 20,000 facts, seed 42); a
//      `demo_seed` row in node_meta marks it done, so restarts do not reseed,
//   4. picks the admin key: STIGMEM_ADMIN_KEY if set, else one generated on the first run and kept
//      in <data>/demo-admin-key (mode 600),
//   5. starts `next start` on PORT (default 3000) with that key and prints the URL, the key and
//      how to sign in. Ctrl-C stops the server cleanly.
// --reset first deletes the embedded database (<data>/pglite), keeping the admin key file, so steps
// 2–3 seed it again from the same seed: the demo as it was first seeded, dated from today (what an
// outside test suite needs between runs; docs/testing-the-dashboard.md). On PostgreSQL it refuses:
// dropping a database named by DATABASE_URL is for its owner to do.
// --facts and --history-days scale the demo down (the seed's size; the days of replayed health runs,
// about a second per run and scope): scripts/example-suite.mjs resets a small demo between its passes.
// Works on the embedded PGlite (default) and on PostgreSQL (DATABASE_URL). Steps 2–3 run in this
// process and close the database before the server opens it: PGlite allows one process at a time.

const MARKER_KEY = 'demo_seed';
const DEMO_SEED = 42;

function dataDir(): string {
  const dir = process.env.STIGMEM_DATA_DIR || path.join(process.cwd(), 'data');
  if (dir.startsWith('memory://')) throw new Error('the demo keeps its data between the seed and the server: set STIGMEM_DATA_DIR to a folder, not memory://');
  return dir;
}

function nextBin(): string {
  return createRequire(path.join(process.cwd(), 'package.json')).resolve('next/dist/bin/next');
}

function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin(), ...args], { stdio: 'inherit', env });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`next ${args[0]} exited with code ${code}`))));
  });
}

/** --reset: the embedded database goes, the admin key file stays (a test suite keeps its key). */
async function resetDemo(dir: string): Promise<string> {
  if (process.env.DATABASE_URL) throw new Error('--reset deletes the embedded database only; with DATABASE_URL, drop and create that database yourself, then run npm run demo');
  const database = path.join(dir, 'pglite');
  const existed = await stat(database).then(() => true, () => false);
  await rm(database, { recursive: true, force: true });
  return existed ? `reset: deleted ${path.relative(process.cwd(), database) || database}; seeding it again` : `reset: no database under ${dir} yet`;
}

async function seedOnce(facts: number, historyDays: number): Promise<string> {
  const db = await getDb();
  const marker = await db.nodeMeta.findUnique({ where: { key: MARKER_KEY } });
  if (marker) return `demo data already seeded (${marker.value}); npm run demo -- --reset starts over`;
  console.log(`seeding ${facts.toLocaleString('en-US')} demo facts (seed ${DEMO_SEED}) into ${describeDatabase()}…`);
  const interactive = Boolean(process.stdout.isTTY);
  const result = await runSeed({
    facts,
    seed: DEMO_SEED,
    onProgress: (p) => (interactive ? process.stdout.write(`\r${formatSeedProgress(p)}\u001b[K`) : undefined),
  });
  if (interactive) process.stdout.write('\n');
  const story = await playDemoStory(DEMO_SEED); // decisions, evidence, rot, policies and snapshots (lib/seed/demo-story.ts)
  console.log(`demo story: ${story.rotted} facts of rot in team, ${story.conflictsDated} open conflicts dated back to their facts, ${Object.entries(story.decided).map(([s, d]) => `${s} ${d.resolved} resolved/${d.dismissed} dismissed`).join(', ')}, ${story.evidence} re-assertions, ${story.brokenHandoffs} broken handoffs, ${story.expiredRetracted} retractions, ${story.policies} decay policies, ${story.snapshots} snapshots`);
  // 90 days of health runs and alerts, replayed from the seeded log at each run's instant.
  const started = Date.now();
  const history = await buildDemoHistory({
    days: historyDays,
    onProgress: (scope, p) => (interactive ? process.stdout.write(`\rreplaying the health history of ${scope}: ${p.done}/${p.total} runs\u001b[K`) : undefined),
  });
  if (interactive) process.stdout.write('\n');
  console.log(`health history: ${history.runs} runs replayed from the log in ${((Date.now() - started) / 1000).toFixed(1)} s, ${history.alerts} alerts`);
  const value = `${facts} facts, seed ${DEMO_SEED}, ${new Date().toISOString()}`;
  await db.nodeMeta.upsert({ where: { key: MARKER_KEY }, create: { key: MARKER_KEY, value }, update: { value } });
  return result.status === 'already-seeded'
    ? result.detail
    : `seeded ${result.written.toLocaleString('en-US')} facts in ${result.seconds.toFixed(1)} s (${result.conflictsOpened.toLocaleString('en-US')} conflicts recorded at write time, before the story's rot)`;
}

async function adminKey(dir: string): Promise<{ key: string; origin: string }> {
  const fromEnv = process.env.STIGMEM_ADMIN_KEY;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('STIGMEM_ADMIN_KEY must be at least 32 characters');
    return { key: fromEnv, origin: 'from STIGMEM_ADMIN_KEY' };
  }
  const file = path.join(dir, 'demo-admin-key');
  const saved = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (saved.length >= 32) return { key: saved, origin: `kept in ${path.relative(process.cwd(), file) || file}` };
  const key = generateApiKey();
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return { key, origin: `generated and saved in ${path.relative(process.cwd(), file) || file} (mode 600)` };
}

async function waitUntilServing(url: string, server: ChildProcess): Promise<boolean> {
  for (let i = 0; i < 240 && server.exitCode === null; i++) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

function banner(base: string, key: string, origin: string): string {
  const rule = '─'.repeat(72);
  return [
    '',
    rule,
    `  Stigmem Health is running on ${describeDatabase()}`,
    '',
    `  URL        ${base}`,
    `  Admin key  ${key}`,
    `             (${origin})`,
    '',
    `  Sign in:   open ${base}/sign-in and paste the admin key.`,
    `  API:       curl -H "Authorization: Bearer ${key}" "${base}/v1/facts?scope=company&limit=5"`,
    '',
    '  Ctrl-C stops the server.',
    rule,
    '',
  ].join('\n');
}

async function main() {
  const { values } = parseArgs({ options: { facts: { type: 'string' }, 'history-days': { type: 'string' }, port: { type: 'string' }, 'skip-build': { type: 'boolean', default: false }, reset: { type: 'boolean', default: false } } });
  const facts = Number(values.facts ?? 20_000);
  if (!Number.isSafeInteger(facts) || facts < 1) throw new Error(`--facts must be a positive integer, got ${values.facts}`);
  const historyDays = Number(values['history-days'] ?? 90);
  if (!Number.isSafeInteger(historyDays) || historyDays < 1) throw new Error(`--history-days must be a positive integer, got ${values['history-days']}`);
  const port = values.port ?? process.env.PORT ?? '3000';
  const dir = dataDir();

  if (!values['skip-build']) {
    console.log('building the app (next build)…');
    await run(['build']);
  }
  await mkdir(dir, { recursive: true });
  const started = Date.now();
  if (values.reset) console.log(await resetDemo(dir));
  await getDb();
  console.log(`migrations applied on ${describeDatabase()}`);
  console.log(await seedOnce(facts, historyDays));
  if (values.reset) console.log(`reset done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const { key, origin } = await adminKey(dir);
  await closeDb();

  const env = { ...process.env, STIGMEM_ADMIN_KEY: key, PORT: port };
  const server = spawn(process.execPath, [nextBin(), 'start', '-p', port], { stdio: 'inherit', env });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\nstopping the server (${signal})…`);
    // A terminal's Ctrl-C already reached the server (same process group); this covers kill <pid>.
    if (server.exitCode === null) server.kill('SIGTERM');
    setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  server.on('close', (code, signal) => {
    if (!stopping) console.error(`the server stopped on its own (${signal ?? `exit code ${code}`})`);
    process.exit(stopping ? 0 : (code ?? 1));
  });

  const base = `http://localhost:${port}`;
  if (await waitUntilServing(`${base}/.well-known/stigmem`, server)) console.log(banner(base, key, origin));
  else if (!stopping) console.error(`the server did not answer ${base}/.well-known/stigmem within 2 minutes`);
}

main().catch(async (error: Error) => {
  console.error(`demo failed: ${error.message}`);
  await closeDb().catch(() => undefined);
  process.exit(1);
});
