import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { seedBatches } from '../../lib/seed/generate-knowledge-base';
import { findPgBinaries, PgCluster, serverUser, waitForReplay, type PgServer } from '../../test/replicas/pg-cluster';
import { type BenchServer, ensureBuilt, startServer } from './bench-server';
import { BenchClient } from './http-client';
import { timed } from './timed';

// `npm run bench:replicas [-- --facts 100000 --no-build --port 3650]`: lint, synthesis and a decay
// dry run over HTTP on a built server (`next start`), first with every read on the primary, then
// with DATABASE_READ_URL naming a streaming replica, on the same data. A PostgreSQL primary and its
// replica are started for the run from the machine's server binaries (test/replicas/pg-cluster.ts)
// and removed after it. Facts are written through POST /v1/facts (4 clients, batches of 1,000).
// Besides the times, the CPU the primary's and the replica's processes spent per request: on one
// machine the replica cannot make a read faster, but it takes the work off the primary.

const SCOPE = 'company';
const RUNS = 5;
const CLIENTS = 4;
const BATCH = 1_000;
const CLOCK_TICKS = 100;

const log = (line: string) => console.error(line);

/** CPU seconds of a server: the postmaster with its reaped backends, plus the live ones. */
function serverCpuSeconds(pid: number): number {
  const ticks = (stat: string, fields: number[]) => {
    const parts = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.reduce((sum, field) => sum + Number(parts[field - 3]), 0);
  };
  let total = ticks(readFileSync(`/proc/${pid}/stat`, 'utf8'), [14, 15, 16, 17]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) total += ticks(stat, [14, 15]);
    } catch {
      // ended while we looked
    }
  }
  return total / CLOCK_TICKS;
}

async function ingest(client: BenchClient, facts: number): Promise<number> {
  const bodies: unknown[] = [];
  for (const batch of seedBatches({ facts, seed: 42, now: new Date(), onlyScope: SCOPE }, BATCH)) {
    bodies.push({ facts: batch.map(({ input: f }) => ({ entity: f.entity, relation: f.relation, value: f.value, source: f.source, confidence: f.confidence, scope: f.scope, valid_until: f.validUntil?.toISOString() ?? null })) });
  }
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < bodies.length) await client.call('POST', '/v1/facts', bodies[next++], [201]);
  };
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  return (performance.now() - started) / 1000;
}

interface Measured {
  operation: string;
  first: number;
  p50: number;
  primaryCpu: number;
  replicaCpu: number;
}

async function measure(client: BenchClient, primary: PgServer, replica: PgServer): Promise<Measured[]> {
  const operations: [string, () => Promise<unknown>][] = [
    ['lint, whole scope', () => client.untilDone('/v1/lint', { scope: SCOPE }, '/v1/lint/jobs')],
    ['synthesis, whole scope streamed', () => client.call('POST', '/v1/synthesis', { scope: SCOPE })],
    ['synthesis, first page of 100', () => client.call('POST', '/v1/synthesis', { scope: SCOPE, limit: 100 })],
    ['decay dry run', () => client.call('POST', '/v1/decay/sweep', { scope: SCOPE, mode: 'dry_run' })],
    // An empty scope: what is left is the fixed cost of a read, the replica's position check included.
    ['synthesis, empty scope', () => client.call('POST', '/v1/synthesis', { scope: 'public', limit: 100 })],
  ];
  const out: Measured[] = [];
  for (const [operation, work] of operations) {
    const cpu = [serverCpuSeconds(primary.pid), serverCpuSeconds(replica.pid)];
    const { first, p50 } = await timed(RUNS, work);
    out.push({
      operation,
      first,
      p50,
      primaryCpu: (serverCpuSeconds(primary.pid) - cpu[0]) / (RUNS + 1),
      replicaCpu: (serverCpuSeconds(replica.pid) - cpu[1]) / (RUNS + 1),
    });
  }
  return out;
}

/** In-process: a READ ONLY transaction of SELECT 1, on the primary and then through the replica: the fixed cost of routing. */
async function fixedCost(primaryUrl: string, replicaUrl: string): Promise<{ primary: number; replica: number }> {
  process.env.DATABASE_URL = primaryUrl;
  const { reloadConfig } = await import('../../lib/config/config');
  const { readOnly } = await import('../../lib/db/read-only');
  const { closeDb } = await import('../../lib/db/prisma');
  const p50 = async () => {
    const times: number[] = [];
    for (let i = 0; i < 201; i++) {
      const started = performance.now();
      await readOnly((tx) => tx.$queryRaw`SELECT 1`);
      times.push(performance.now() - started);
    }
    return times.slice(1).sort((a, b) => a - b)[100];
  };
  reloadConfig();
  const primary = await p50();
  process.env.DATABASE_READ_URL = replicaUrl;
  reloadConfig();
  const replica = await p50();
  await closeDb();
  return { primary, replica };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { facts: { type: 'string' }, 'no-build': { type: 'boolean' }, port: { type: 'string' } } });
  const facts = Number(values.facts ?? 100_000);
  const port = values.port ? Number(values.port) : undefined;
  const binaries = findPgBinaries();
  const user = serverUser();
  if ('missing' in binaries) throw new Error(binaries.missing);
  if ('missing' in user) throw new Error(user.missing);
  ensureBuilt(values['no-build'] ?? false, log);
  const cluster = new PgCluster(binaries.binaries, user.runAs);
  let server: BenchServer | null = null;
  try {
    const primary = await cluster.startPrimary();
    const admin = new pg.Client({ connectionString: primary.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const replica = await cluster.startReplica(primary, 'replica');
    const [primaryUrl, replicaUrl] = [primary.url('bench'), replica.url('bench')];
    const env = { DATABASE_URL: primaryUrl, STIGMEM_SCHEDULER: 'off' };

    server = await startServer(env, log, port);
    let client = new BenchClient(server.url);
    log(`  writing ${facts.toLocaleString('en-US')} facts through POST /v1/facts`);
    const ingestSeconds = await ingest(client, facts);
    await client.call('POST', '/v1/decay/policies', { id: 'bench-half-life', relation: '*', scope: SCOPE, mode: 'confidence', half_life_s: 600, min_confidence: 0.05 });
    await waitForReplay(primaryUrl, replicaUrl, 300_000);
    log('  reads on the primary');
    const onPrimary = await measure(client, primary, replica);
    await server.stop();

    server = await startServer({ ...env, DATABASE_READ_URL: replicaUrl }, log, port);
    client = new BenchClient(server.url);
    log('  reads on the replica');
    const onReplica = await measure(client, primary, replica);
    const status = (await client.call('GET', '/v1/admin/replicas')).json as { reads: { replica: number; primary: Record<string, number> } };
    const fellBack = Object.values(status.reads.primary).reduce((a, b) => a + b, 0);
    await server.stop();
    const fixed = await fixedCost(primaryUrl, replicaUrl);

    console.log(`\n${facts.toLocaleString('en-US')} facts in one scope, written over HTTP in ${ingestSeconds.toFixed(1)} s; ${RUNS + 1} requests per row (first, then p50 of ${RUNS}).`);
    console.log(`With the replica: ${status.reads.replica} whole-scope reads on it, ${fellBack} on the primary ${JSON.stringify(status.reads.primary)}.\n`);
    console.log('| reads on | operation | first s | p50 s | primary CPU s / request | replica CPU s / request |');
    console.log('|---|---|--:|--:|--:|--:|');
    for (const [label, rows] of [['primary', onPrimary], ['replica', onReplica]] as const) {
      for (const r of rows) console.log(`| ${label} | ${r.operation} | ${r.first.toFixed(2)} | ${r.p50.toFixed(2)} | ${r.primaryCpu.toFixed(2)} | ${r.replicaCpu.toFixed(2)} |`);
    }
    console.log(`\nIn-process lower bound of a read's fixed cost (a READ ONLY transaction of SELECT 1, p50 of 200): ${fixed.primary.toFixed(2)} ms on the primary, ${fixed.replica.toFixed(2)} ms through the replica (its position check included).`);
  } finally {
    await server?.stop();
    await cluster.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
