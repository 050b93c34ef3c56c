import { dryRun } from '../../lib/decay/sweep-scope';
import { sweepRequestSchema } from '../../lib/decay/sweep-request';
import { FACT_SCOPES, type FactScope } from '../../lib/facts/scope';
import { lintRequestSchema } from '../../lib/lint/lint-request';
import { scopeHealth } from '../../lib/lint/lint-summary';
import { runLint } from '../../lib/lint/run-lint';
import { seedBatches } from '../../lib/seed/generate-knowledge-base';
import { synthesisRequestSchema } from '../../lib/synthesis/synthesis-request';
import { streamText } from '../../lib/http/stream-text';
import { synthesisJson, synthesizePage } from '../../lib/synthesis/synthesize';
import type { EmptyDatabase } from './bench-databases';
import type { BenchContext, BenchOperation } from './bench-operation';
import { type BenchServer, startServer } from './bench-server';
import type { BenchRow } from './bench-table';
import { BenchClient } from './http-client';
import { drain } from './measure-health';
import { measurePages } from './measure-pages';
import { withPeakRss } from './peak-rss';
import { timed } from './timed';

// The path a user takes (issue: "the user's path is the benchmark"): a fresh, empty database; the
// built app started with `next start`, which migrates it; N facts written through POST /v1/facts
// in batches of 1,000 by 4 concurrent clients; then every read timed over HTTP, request until the
// result is in hand (a 202 job polled until done and its result read whole). No manual ANALYZE or
// VACUUM anywhere: what keeps the database fast is the node's own maintenance. After the HTTP rows,
// the server stops and the same operations run in-process on the same data: the lower bound, so
// the cost of the server, the job path and serialization is the gap between two adjacent rows.

const SCOPE = 'company';
const RUNS = 5;
const CLIENTS = 4;
const BATCH = 1_000;

interface Targets {
  ingest: number;
  lint: number;
  synthesis: number;
  dryRun: number;
  overview: number;
  firstByte: number;
  sweep: number;
}
const TARGETS: Record<'pglite' | 'postgres', Targets> = {
  pglite: { ingest: 3_000, lint: 1.5, synthesis: 1.5, dryRun: 1, overview: 1.5, firstByte: 0.3, sweep: 10 },
  postgres: { ingest: 10_000, lint: 1, synthesis: 1, dryRun: 0.5, overview: 1, firstByte: 0.3, sweep: 5 },
};
const engine = (context: BenchContext) => (context.database.name.startsWith('PostgreSQL') ? 'postgres' : 'pglite');

/** The seed generator's knowledge base in one scope, as POST /v1/facts bodies (made before timing). */
export function wireBatches(context: BenchContext, facts: number, scope: FactScope = SCOPE): string[] {
  const bodies: string[] = [];
  for (const batch of seedBatches({ facts, seed: context.seed, now: new Date(), onlyScope: scope }, BATCH)) {
    const wire = batch.map(({ input: f }) => ({ entity: f.entity, relation: f.relation, value: f.value, source: f.source, confidence: f.confidence, scope: f.scope, valid_until: f.validUntil?.toISOString() ?? null }));
    bodies.push(JSON.stringify({ facts: wire }));
  }
  return bodies;
}

/** Writes `bodies` through POST /v1/facts with `clients` concurrent clients; the seconds it took. */
export async function ingest(client: BenchClient, bodies: string[], context: BenchContext, clients = CLIENTS): Promise<number> {
  let next = 0;
  let written = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      const res = await fetch(`${client.url}/v1/facts`, { method: 'POST', headers: { authorization: `Bearer ${client.key}`, 'content-type': 'application/json' }, body });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`POST /v1/facts answered ${res.status}: ${text.slice(0, 300)}`);
      written += BATCH;
      if (written % 100_000 === 0) context.log(`    written ${written.toLocaleString('en-US')} facts`);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  return (performance.now() - started) / 1000;
}


function row(context: BenchContext, facts: number, method: string, seconds: number, peakRssMb: number, target?: number, note?: string): BenchRow {
  return { database: context.database.name, method, facts, seconds, peakRssMb, target, note };
}

async function httpReads(context: BenchContext, server: BenchServer, facts: number, targets: Targets): Promise<BenchRow[]> {
  const client = new BenchClient(server.url);
  const rows: BenchRow[] = [];
  const lint = await timed(RUNS, () => client.untilDone('/v1/lint', { scope: SCOPE }, '/v1/lint/jobs'));
  const lintAnswer = await client.untilDone('/v1/lint', { scope: SCOPE }, '/v1/lint/jobs');
  const findings = (lintAnswer.json.findings as unknown[]).length;
  const lintNote = `${findings.toLocaleString('en-US')} findings, ${(lintAnswer.bytes / 2 ** 20).toFixed(1)} MB of JSON${lintAnswer.viaJob ? ', through a 202 job' : ''}`;
  const rss = server.takePeakRssMb();
  rows.push(row(context, facts, 'lint over HTTP, first request after the write', lint.first, rss, targets.lint, lintNote));
  rows.push(row(context, facts, `lint over HTTP, p50 of ${RUNS}`, lint.p50, rss, targets.lint, lintNote));

  const firstPage = await timed(RUNS, () => client.call('POST', '/v1/synthesis', { scope: SCOPE, limit: 100 }));
  // The first request counts the scope's totals; later pages reuse them while the scope is unchanged.
  rows.push(row(context, facts, 'synthesis over HTTP, first page of 100, first request (maintained totals)', firstPage.first, server.takePeakRssMb()));
  rows.push(row(context, facts, `synthesis over HTTP, first page of 100, p50 of ${RUNS}`, firstPage.p50, server.takePeakRssMb()));
  const whole = await timed(RUNS, () => client.call('POST', '/v1/synthesis', { scope: SCOPE }));
  rows.push(row(context, facts, `synthesis over HTTP, whole scope streamed, p50 of ${RUNS}`, whole.p50, server.takePeakRssMb(), targets.synthesis));

  const dry = await timed(RUNS, () => client.call('POST', '/v1/decay/sweep', { scope: SCOPE, mode: 'dry_run' }));
  rows.push(row(context, facts, `decay dry run over HTTP, p50 of ${RUNS}`, dry.p50, server.takePeakRssMb(), targets.dryRun));

  const cookie = await client.signIn();
  rows.push(
    ...(await measurePages({
      url: server.url,
      cookie,
      scope: SCOPE,
      runs: RUNS,
      targets: { firstByte: targets.firstByte, fullLoad: targets.overview },
      timed,
      row: (method, seconds, target, note) => row(context, facts, method, seconds, server.takePeakRssMb(), target, note),
      skipped: (method, why) => ({ database: context.database.name, method, facts: 0, seconds: 0, peakRssMb: 0, skipped: why }),
      write: () =>
        client.call('POST', '/v1/facts', {
          facts: [{ entity: `bench:visit:${Date.now()}`, relation: 'memory:note', value: { type: 'string', v: 'written before a visit' }, source: 'bench', scope: SCOPE }],
        }),
    })),
  );
  return rows;
}

async function inProcessReads(context: BenchContext, db: EmptyDatabase, facts: number): Promise<BenchRow[]> {
  await db.activate();
  try {
    const rows: BenchRow[] = [];
    const measure = async (method: string, work: () => Promise<unknown>) => {
      const { result, peakRssMb } = await withPeakRss(() => timed(RUNS, work));
      rows.push(row(context, facts, `${method}, in-process lower bound, p50 of ${RUNS}`, result.p50, peakRssMb));
    };
    await measure('lint', () => runLint(lintRequestSchema.parse({ scope: SCOPE })));
    await measure('synthesis, first page of 100 (maintained totals)', () => synthesizePage({ ...synthesisRequestSchema.parse({ scope: SCOPE }), limit: 100 }));
    await measure('synthesis, whole scope', async () => drain(await streamText(synthesisJson(synthesisRequestSchema.parse({ scope: SCOPE })))));
    await measure('decay dry run', () => dryRun(sweepRequestSchema.parse({ scope: SCOPE, mode: 'dry_run' })));
    await measure('health overview: scope health of the four scopes', async () => {
      for (const scope of FACT_SCOPES) await scopeHealth(scope);
    });
    return rows;
  } finally {
    await db.deactivate();
  }
}

/** Puts each HTTP row beside its in-process lower bound. */
function besideLowerBounds(http: BenchRow[], lower: BenchRow[]): BenchRow[] {
  const keys = ['lint', 'synthesis, first page', 'synthesis, whole', 'decay dry run', 'health overview'];
  const keyOf = (r: BenchRow) => keys.find((k) => r.method.replace(' over HTTP', '').startsWith(k));
  const out: BenchRow[] = [];
  for (const key of keys) {
    out.push(...http.filter((r) => keyOf(r) === key), ...lower.filter((r) => keyOf(r) === key));
  }
  return [...out, ...http.filter((r) => !keyOf(r))];
}

export const httpUserPath: BenchOperation = {
  name: 'HTTP user path',
  async run(context) {
    const targets = TARGETS[engine(context)];
    const db = await context.database.empty();
    const bodies = wireBatches(context, context.facts);
    let server = await startServer(db.env, context.log);
    try {
      const client = new BenchClient(server.url);
      context.log(`    writing ${context.facts.toLocaleString('en-US')} facts through POST /v1/facts (${CLIENTS} clients, batches of ${BATCH})`);
      server.takePeakRssMb();
      const seconds = await ingest(client, bodies, context);
      const rows: BenchRow[] = [row(context, context.facts, `ingest over HTTP, ${CLIENTS} clients × batches of ${BATCH.toLocaleString('en-US')}`, seconds, server.takePeakRssMb(), targets.ingest)];
      // Every fact decays (half-life 10 minutes): the dry run and the sweep do their most work.
      await client.call('POST', '/v1/decay/policies', { id: 'bench-half-life', relation: '*', scope: SCOPE, mode: 'confidence', half_life_s: 600, min_confidence: 0.05 });
      const http = await httpReads(context, server, context.facts, targets);
      // The WebAssembly heap only grows: its size after lint, synthesis, dry run and the overview is their peak.
      const readsHeap = await client.pgliteHeapMb();
      const maintenance = (await client.call('GET', '/v1/admin/maintenance')).json as { tables: { table: string; last_analyze: string | null }[] };
      const analyzed = maintenance.tables?.filter((t) => t.last_analyze).length ?? 0;
      await server.stop();

      const lower = await inProcessReads(context, db, context.facts);
      rows.push(...besideLowerBounds(http, lower));

      server = await startServer(db.env, context.log);
      const sweepClient = new BenchClient(server.url);
      server.takePeakRssMb();
      const started = performance.now();
      const sweep = await sweepClient.untilDone('/v1/decay/sweep', { scope: SCOPE }, '/v1/decay/jobs');
      const decayed = Number(sweep.json.facts_reduced ?? 0) + Number(sweep.json.facts_retracted ?? 0);
      const heap = await sweepClient.pgliteHeapMb();
      const heapNote = heap === null ? '' : `; PGlite heap ${Math.round(heap)} MB after it (${Math.round(readsHeap ?? 0)} MB after the reads)`;
      rows.push(row(context, context.facts, 'decay sweep over HTTP (half-life 10 min, after a restart)', (performance.now() - started) / 1000, server.takePeakRssMb(), targets.sweep, `${decayed.toLocaleString('en-US')} values decayed${heapNote}`));
      context.log(`    ${analyzed} tables had been analyzed by the node itself`);
      return rows;
    } finally {
      await server.stop();
      await db.dispose();
    }
  },
};

/** Only the ingest of the user's path (a fresh database, 4 clients, batches of 1,000): for comparing two builds side by side (BENCH_APP_ROOT), alternating runs. */
export const httpIngest: BenchOperation = {
  name: 'HTTP ingest',
  async run(context) {
    const db = await context.database.empty();
    const bodies = wireBatches(context, context.facts);
    const server = await startServer(db.env, context.log);
    try {
      server.takePeakRssMb();
      const seconds = await ingest(new BenchClient(server.url), bodies, context);
      return [row(context, context.facts, `ingest over HTTP, ${CLIENTS} clients × batches of ${BATCH.toLocaleString('en-US')}`, seconds, server.takePeakRssMb(), TARGETS[engine(context)].ingest)];
    } finally {
      await server.stop();
      await db.dispose();
    }
  },
};

/** Lint at 1M facts in one scope over HTTP (PostgreSQL only: ≤ 5 s), beside in-process. */
export const httpLargeLint: BenchOperation = {
  name: 'HTTP lint 1M',
  async run(context) {
    const facts = context.largeFacts;
    if (!facts || engine(context) !== 'postgres') return [];
    const db = await context.database.empty();
    const server = await startServer(db.env, context.log);
    try {
      context.log(`    writing ${facts.toLocaleString('en-US')} facts through POST /v1/facts`);
      const client = new BenchClient(server.url);
      const seconds = await ingest(client, wireBatches(context, facts), context);
      const rows = [row(context, facts, `ingest over HTTP, ${CLIENTS} clients × batches of ${BATCH.toLocaleString('en-US')}`, seconds, server.takePeakRssMb(), TARGETS.postgres.ingest)];
      const lint = await timed(3, () => client.untilDone('/v1/lint', { scope: SCOPE }, '/v1/lint/jobs'));
      const rss = server.takePeakRssMb();
      rows.push(row(context, facts, 'lint over HTTP, first request after the write', lint.first, rss, 5));
      rows.push(row(context, facts, 'lint over HTTP, p50 of 3', lint.p50, rss, 5));
      await server.stop();
      await db.activate();
      const { result, peakRssMb } = await withPeakRss(() => timed(3, () => runLint(lintRequestSchema.parse({ scope: SCOPE }))));
      rows.push(row(context, facts, 'lint, in-process lower bound, p50 of 3', result.p50, peakRssMb));
      return rows;
    } finally {
      await server.stop();
      await db.dispose();
    }
  },
};
