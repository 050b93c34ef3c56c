import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type EmptyDatabase, pgliteDatabase, postgresDatabase } from './bench-databases';
import type { BenchContext } from './bench-operation';
import { ensureBuilt, startServer } from './bench-server';
import { BenchClient } from './http-client';
import { ingest, wireBatches } from './measure-http';

// Where the server's CPU goes while it ingests (docs/performance.md § Ingest): the built app
// (`next start`) under Node's CPU profiler on an empty database, the seed's facts written through
// POST /v1/facts in batches of 1,000 by --clients clients (the first five batches warm the routes
// and are not timed); then the profile summed by self time: by where the code lives (a package, a
// chunk of the app, the runtime) and by function. The .cpuprofile stays in --out for Chrome's
// DevTools (Performance → Load profile).
//
//   npm run bench:profile-ingest -- [--facts 40000] [--clients 1] [--engine postgres|pglite] [--out DIR] [--no-build]

const WARM_BATCHES = 5;
const ROOT = path.resolve(__dirname, '..', '..');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, a chunk of the app (its hash left out), Node's own modules, or the runtime. */
function place(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const chunk = /\.next\/server\/(?:chunks\/)?(.+?)(?:_[0-9a-z-]{6,})?\._\.js$/.exec(url);
  if (chunk) return `app ${chunk[1].replace(/_+$/, '')}`;
  if (url.startsWith('node:')) return url.split(':')[1].split('/').slice(0, 2).join('/');
  return url.startsWith('wasm://') ? 'wasm' : url.replace(ROOT, '.');
}

function summarize(file: string, top: number): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    const frame = byId.get(id)!.callFrame;
    total += us;
    places.set(place(frame), (places.get(place(frame)) ?? 0) + us);
    const name = frame.url ? `${frame.functionName || '(anonymous)'}  ${place(frame)}:${frame.lineNumber + 1}` : place(frame);
    functions.set(name, (functions.get(name) ?? 0) + us);
  });
  const table = (title: string, rows: Map<string, number>) => [
    `| ${title} | self ms | % |`,
    '|---|--:|--:|',
    ...[...rows].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, us]) => `| ${name.replace(/\|/g, '\\|')} | ${(us / 1000).toFixed(0)} | ${((us / total) * 100).toFixed(1)} |`),
  ].join('\n');
  return [`The server's whole run, start included: ${(total / 1e6).toFixed(1)} s sampled.`, '', table('where', places), '', table('function', functions)].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      facts: { type: 'string', default: '40000' },
      clients: { type: 'string', default: '1' },
      engine: { type: 'string', default: 'postgres' },
      out: { type: 'string', default: path.join(ROOT, '.bench-profiles') },
      top: { type: 'string', default: '25' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  const facts = Number(values.facts);
  const clients = Number(values.clients);
  if (!Number.isInteger(facts) || facts < (WARM_BATCHES + 1) * 1000) throw new Error(`--facts must be a whole number of at least ${(WARM_BATCHES + 1) * 1000}`);
  if (!Number.isInteger(clients) || clients < 1) throw new Error('--clients must be a whole number of at least 1');
  if (values.engine !== 'postgres' && values.engine !== 'pglite') throw new Error('--engine must be postgres or pglite');
  const database = values.engine === 'postgres' ? postgresDatabase(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : pgliteDatabase();
  const unavailable = await database.unavailable();
  if (unavailable) throw new Error(unavailable);
  ensureBuilt(values['no-build'], console.log);
  const out = path.join(values.out, String(Date.now()));
  mkdirSync(out, { recursive: true });
  const context = { seed: 42, facts, log: console.log } as BenchContext;
  const bodies = wireBatches(context, facts);
  const db: EmptyDatabase = await database.empty();
  try {
    const server = await startServer({ ...db.env, LOG_LEVEL: 'warn' }, console.log, undefined, ['--cpu-prof', `--cpu-prof-dir=${out}`]);
    const client = new BenchClient(server.url);
    await ingest(client, bodies.slice(0, WARM_BATCHES), context, 1);
    const seconds = await ingest(client, bodies.slice(WARM_BATCHES), context, clients);
    const written = facts - WARM_BATCHES * 1000;
    // Next closes the server on SIGTERM and exits, and Node writes the profile as it exits.
    await server.stop();
    const [file] = readdirSync(out).filter((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`the server wrote no profile into ${out}`);
    console.log(`\n${db.label}, ${clients} client${clients > 1 ? 's' : ''}: ${written.toLocaleString('en-US')} facts in ${seconds.toFixed(2)} s = ${Math.round(written / seconds).toLocaleString('en-US')} facts/s over HTTP (after ${WARM_BATCHES} batches to warm the routes)\n`);
    console.log(summarize(path.join(out, file), Number(values.top)));
    console.log(`\nThe profile: ${path.join(out, file)}`);
  } finally {
    await db.dispose();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
