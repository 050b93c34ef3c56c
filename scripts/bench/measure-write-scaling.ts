import type { FactScope } from '../../lib/facts/scope';
import type { BenchContext, BenchOperation } from './bench-operation';
import { startServer } from './bench-server';
import type { BenchRow } from './bench-table';
import { runSql } from './database-sql';
import { BenchClient } from './http-client';
import { ingest, wireBatches } from './measure-http';

// Writes in parallel (docs/performance.md § Ingest), as ratios measured in one run:
//   1. the same facts written over HTTP into a fresh database by 1, 4 and 16 clients (batches of
//      1,000, one scope); after each, the raw limit of the schema on that database: the very same
//      rows copied with one INSERT … SELECT each into copies of facts and value_heads with all their
//      indexes. The HTTP row's target is half that raw rate (the target: ≥ 0.5 × raw);
//      The seed's batches share many entities with the batches before them (it re-asserts and
//      contradicts the same entities over time), so concurrent writers of it rightly take turns on
//      those entities' locks; the same rows with each batch's entities renamed apart show what
//      writers of disjoint entities reach (rows "disjoint entities");
//   2. `other-scope writes`, a mixed run: one client writes 1,000-fact batches into one scope while
//      another writes one fact at a time into another scope; the p99 of those one-fact writes (target
//      ≤ 200 ms). A one-fact write and the first batch go first, uncounted: a route's first requests
//      after the server starts load and warm its code, which is not what the row measures.

const CLIENT_COUNTS = [1, 4, 16];
const HEAVY_SCOPE: FactScope = 'company';
const OTHER_SCOPE: FactScope = 'team';
const OTHER_EVERY_MS = 50;
const P99_TARGET_S = 0.2;
/** Facts per batch body (wireBatches writes batches of 1,000). */
const BATCH_FACTS = 1_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** Seconds to copy the rows of `facts` and `value_heads` into fresh copies of both tables, indexes included. */
async function rawCopySeconds(env: Record<string, string>): Promise<{ facts: number; heads: number }> {
  // Generated columns cannot be inserted into: the copies get the rest, as the write path writes them.
  const [{ rows }] = await runSql<{ table_name: string; columns: string }>(env, [
    `SELECT table_name, string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS columns
     FROM information_schema.columns WHERE table_schema = current_schema() AND table_name IN ('facts', 'value_heads') AND is_generated = 'NEVER'
     GROUP BY table_name`,
  ]);
  const columns = (table: string) => rows.find((r) => r.table_name === table)!.columns;
  const timed = await runSql(env, [
    'CREATE TABLE bench_raw_facts (LIKE facts INCLUDING ALL)',
    'CREATE TABLE bench_raw_heads (LIKE value_heads INCLUDING ALL)',
    `INSERT INTO bench_raw_facts (${columns('facts')}) SELECT ${columns('facts')} FROM facts`,
    `INSERT INTO bench_raw_heads (${columns('value_heads')}) SELECT ${columns('value_heads')} FROM value_heads`,
    'DROP TABLE bench_raw_facts',
    'DROP TABLE bench_raw_heads',
  ]);
  return { facts: timed[2].seconds, heads: timed[3].seconds };
}

/** The same batches with every batch's entities renamed into a namespace of its own: no two batches share an entity. */
function disjointBodies(bodies: string[]): string[] {
  return bodies.map((body, i) => {
    const parsed = JSON.parse(body) as { facts: { entity: string }[] };
    for (const fact of parsed.facts) fact.entity = `bench:b${i}:${fact.entity}`;
    return JSON.stringify(parsed);
  });
}

async function scalingRow(context: BenchContext, clients: number, bodies: string[], disjoint = false): Promise<BenchRow> {
  const db = await context.database.empty();
  const server = await startServer(db.env, context.log);
  try {
    context.log(`    ${clients} client${clients > 1 ? 's' : ''}: writing ${context.facts.toLocaleString('en-US')} facts`);
    server.takePeakRssMb();
    const client = new BenchClient(server.url);
    const seconds = await ingest(client, bodies, context, clients);
    const peakRssMb = server.takePeakRssMb();
    const waits = await lockWaits(client);
    await server.stop();
    const raw = await rawCopySeconds(db.env);
    const rawRate = context.facts / (raw.facts + raw.heads);
    const rate = context.facts / seconds;
    const who = `${clients} client${clients > 1 ? 's' : ''}${disjoint ? ', disjoint entities' : ''}`;
    return {
      database: context.database.name,
      method: `ingest over HTTP, ${who} × batches of 1,000 (target: half the raw rate)`,
      facts: context.facts,
      seconds,
      peakRssMb,
      target: Math.round(rawRate / 2),
      note: `${who}: ${Math.round(rate).toLocaleString('en-US')} facts/s over HTTP against ${Math.round(rawRate).toLocaleString('en-US')} facts/s raw (INSERT … SELECT of the same rows into copies of facts ${raw.facts.toFixed(2)} s and value_heads ${raw.heads.toFixed(2)} s, indexes included): ratio ${(rate / rawRate).toFixed(2)}; ${waits}`,
    };
  } finally {
    await server.stop();
    await db.dispose();
  }
}

/**
 * What the batches waited for their locks (stigmem_write_lock_wait_seconds, scraped from the server's
 * /metrics after the run): the share of the POST /v1/facts time that was waiting for another writer;
 * and how long a batch held them (stigmem_write_lock_held_seconds), the part of a write that writers
 * of the same entities take turns on.
 */
async function lockWaits(client: BenchClient): Promise<string> {
  const res = await fetch(`${client.url}/metrics`, { headers: { authorization: `Bearer ${client.key}` } });
  if (!res.ok) return `lock waits unknown (/metrics answered ${res.status})`;
  const text = await res.text();
  const sum = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((total, m) => total + Number(m[1]), 0);
  const waited = sum(/^stigmem_write_lock_wait_seconds_sum\{[^}]*\} (\S+)$/gm);
  const scopes = sum(/^stigmem_write_lock_wait_seconds_count\{lock="scopes"\} (\S+)$/gm);
  const requests = sum(/^stigmem_http_request_duration_seconds_sum\{method="POST",route="\/v1\/facts"\} (\S+)$/gm);
  const held = sum(/^stigmem_write_lock_held_seconds_sum (\S+)$/gm);
  const writes = sum(/^stigmem_write_lock_held_seconds_count (\S+)$/gm);
  const waits = sum(/^stigmem_write_lock_wait_seconds_count\{[^}]*\} (\S+)$/gm);
  if (!waits && !writes) return 'no write locks taken (PGlite: one session, writers take turns)';
  const perWrite = writes ? `, and held them ${((held / writes) * 1000).toFixed(0)} ms a batch on average` : '';
  return `the batches waited for locks ${waited.toFixed(1)} s of their ${requests.toFixed(1)} s in the server (${requests ? Math.round((waited / requests) * 100) : 0} %)${scopes ? `, ${scopes} of them for their scope whole` : ''}${perWrite}`;
}

async function mixedRow(context: BenchContext, bodies: string[]): Promise<BenchRow> {
  const db = await context.database.empty();
  const server = await startServer(db.env, context.log);
  try {
    const client = new BenchClient(server.url);
    const latencies: number[] = [];
    let writing = true;
    const writeOne = async (i: number) => {
      const started = performance.now();
      const res = await fetch(`${client.url}/v1/facts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${client.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ entity: `bench:elsewhere:${i}`, relation: 'memory:note', value: { type: 'string', v: `note ${i}` }, source: 'bench:elsewhere', scope: OTHER_SCOPE }),
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`the other scope's write answered ${res.status}: ${text.slice(0, 200)}`);
      return (performance.now() - started) / 1000;
    };
    // A route's first requests after a start load its modules and warm its code (the first one-fact
    // write took 1–2 s, the first ones beside the first batch 0.1–0.4 s): not what this row measures.
    // So one one-fact write and the first batch go first, alone, uncounted.
    await writeOne(-1);
    await ingest(client, bodies.slice(0, 1), context, 1);
    const other = (async () => {
      for (let i = 0; writing; i++) {
        latencies.push(await writeOne(i));
        await new Promise((resolve) => setTimeout(resolve, OTHER_EVERY_MS));
      }
    })();
    server.takePeakRssMb();
    const seconds = await ingest(client, bodies.slice(1), context, 1);
    writing = false;
    await other;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      database: context.database.name,
      method: `one-fact writes to another scope while one client writes batches of 1,000: p99`,
      facts: latencies.length,
      seconds: percentile(sorted, 0.99),
      peakRssMb: server.takePeakRssMb(),
      target: P99_TARGET_S,
      note: `${latencies.length} one-fact writes during ${seconds.toFixed(1)} s of batches (${Math.round((context.facts - BATCH_FACTS) / seconds).toLocaleString('en-US')} facts/s); p50 ${percentile(sorted, 0.5).toFixed(3)} s, slowest ${sorted.slice(-5).reverse().map((s) => s.toFixed(3)).join(', ') || '—'} s (after a one-fact write and a batch to warm the routes)`,
    };
  } finally {
    await server.stop();
    await db.dispose();
  }
}

export const writeScaling: BenchOperation = {
  name: 'write scaling',
  async run(context) {
    const bodies = wireBatches(context, context.facts, HEAVY_SCOPE);
    const rows: BenchRow[] = [];
    for (const clients of CLIENT_COUNTS) rows.push(await scalingRow(context, clients, bodies));
    const disjoint = disjointBodies(bodies);
    for (const clients of CLIENT_COUNTS.filter((c) => c > 1)) rows.push(await scalingRow(context, clients, disjoint, true));
    return rows;
  },
};

/** The mixed run (2. above), an operation of its own: its p99 can be measured without the scaling rows. */
export const otherScopeWrites: BenchOperation = {
  name: 'other-scope writes',
  async run(context) {
    return [await mixedRow(context, wireBatches(context, context.facts, HEAVY_SCOPE))];
  },
};
