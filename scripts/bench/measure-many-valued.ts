import type { BenchContext, BenchOperation } from './bench-operation';
import { startServer } from './bench-server';
import type { BenchRow } from './bench-table';
import { BenchClient } from './http-client';
import { runSql } from './database-sql';

// A many-valued triple (docs/semantics.md § Contradictions): 1,000 distinct values written into one
// triple in batches of 50 over HTTP, each batch timed, while a second client writes one fact at a
// time into another scope and times each write (how long a heavy triple holds other writers). Then
// one resolve of the whole triple. Linear bookkeeping shows as a flat batch time (the last batch
// costs what the first did) and a flat latency for the other writer. A batch slower than
// STOP_AFTER_S (or a failed one) ends the run there and the row says how far it got: that is how the
// pairwise rule, which this replaced, measures (run with BENCH_APP_ROOT at an older checkout).

const VALUES = 1_000;
const BATCH = 50;
const STOP_AFTER_S = 60;
const OTHER_EVERY_MS = 100;
const ENTITY = 'bench:many-valued';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

async function post(client: BenchClient, facts: unknown[]): Promise<{ status: number; seconds: number; text: string }> {
  const started = performance.now();
  const res = await fetch(`${client.url}/v1/facts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${client.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ facts }),
  });
  const text = await res.text();
  return { status: res.status, seconds: (performance.now() - started) / 1000, text };
}

export const manyValuedTriple: BenchOperation = {
  name: 'many-valued triple',
  async run(context: BenchContext) {
    const db = await context.database.empty();
    const server = await startServer(db.env, context.log);
    const rows: BenchRow[] = [];
    const row = (method: string, seconds: number, note?: string): BenchRow => ({ database: context.database.name, method, facts: VALUES, seconds, peakRssMb: server.takePeakRssMb(), note });
    try {
      const client = new BenchClient(server.url);
      const batches: number[] = [];
      const others: number[] = [];
      let stopped: string | null = null;
      let writing = true;
      const other = (async () => {
        for (let i = 0; writing; i++) {
          const fact = { entity: `bench:other:${i}`, relation: 'memory:note', value: { type: 'string', v: `note ${i}` }, source: 'bench:other', scope: 'team' };
          const res = await post(client, [fact]);
          if (res.status !== 201) throw new Error(`the other scope's write answered ${res.status}: ${res.text.slice(0, 200)}`);
          others.push(res.seconds);
          context.log(`    other scope: ${res.seconds.toFixed(3)} s`);
          await new Promise((resolve) => setTimeout(resolve, OTHER_EVERY_MS));
        }
      })();
      for (let i = 0; i < VALUES && !stopped; i += BATCH) {
        const facts = Array.from({ length: BATCH }, (_, j) => ({ entity: ENTITY, relation: 'memory:status', value: { type: 'string', v: `value ${i + j}` }, source: 'bench:many', scope: 'local' }));
        const res = await post(client, facts);
        batches.push(res.seconds);
        context.log(`    batch ${batches.length}: ${res.status} in ${res.seconds.toFixed(3)} s`);
        if (res.status !== 201) stopped = `batch ${batches.length} answered ${res.status} after ${res.seconds.toFixed(1)} s`;
        else if (res.seconds > STOP_AFTER_S) stopped = `batch ${batches.length} took ${res.seconds.toFixed(1)} s`;
      }
      writing = false;
      await other;
      const written = batches.length * BATCH;
      const sortedBatches = [...batches].sort((a, b) => a - b);
      const total = batches.reduce((a, b) => a + b, 0);
      rows.push(
        row(
          `one triple, ${VALUES.toLocaleString('en-US')} values in batches of ${BATCH} over HTTP: every batch`,
          total,
          `${stopped ? `stopped: ${stopped}; ` : ''}${written} values; batch first ${batches[0].toFixed(3)} s, last ${batches.at(-1)!.toFixed(3)} s, median ${percentile(sortedBatches, 0.5).toFixed(3)} s, slowest ${sortedBatches.at(-1)!.toFixed(3)} s`,
        ),
      );
      const sortedOthers = [...others].sort((a, b) => a - b);
      rows.push(
        row(
          'meanwhile, one-fact writes to another scope: p99 latency',
          percentile(sortedOthers, 0.99),
          `${others.length} writes; p50 ${percentile(sortedOthers, 0.5).toFixed(3)} s, max ${sortedOthers.at(-1)?.toFixed(3) ?? '—'} s`,
        ),
      );
      if (!stopped) {
        const listed = await client.call('GET', `/v1/conflicts?entity=${encodeURIComponent(ENTITY)}&status=unresolved&group=triple&limit=1`);
        const contradiction = (listed.json as { contradictions: { contradiction_id: string; open_conflicts: number; values: { fact: { id: string } }[] }[] }).contradictions[0];
        rows[0].note += `; ${contradiction.open_conflicts} unresolved conflicts before the resolve`;
        const started = performance.now();
        await client.call('POST', `/v1/conflicts/${encodeURIComponent(contradiction.contradiction_id)}/resolve`, { winning_fact_id: contradiction.values[0].fact.id });
        rows.push(row(`resolve the ${VALUES.toLocaleString('en-US')}-value triple (one decision, ${VALUES - 1} values retracted)`, (performance.now() - started) / 1000));
      }
      await server.stop();
      // Counted straight from the database, not through the app (which would migrate an older checkout's schema first).
      const [{ rows: [counts] }] = await runSql<{ conflicts: number; bookkeeping: number }>(db.env, [`SELECT (SELECT count(*) FROM conflicts WHERE entity = '${ENTITY}')::int AS conflicts,
        (SELECT count(*) FROM facts WHERE entity IN (SELECT id FROM conflicts WHERE entity = '${ENTITY}'))::int AS bookkeeping`]);
      rows[0].note += `; in all ${counts.conflicts.toLocaleString('en-US')} conflicts and ${counts.bookkeeping.toLocaleString('en-US')} bookkeeping facts (a resolve's status facts included)`;
      return rows;
    } finally {
      await server.stop();
      await db.dispose();
    }
  },
};
