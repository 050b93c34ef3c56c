import { execFileSync } from 'node:child_process';
import { dryRun } from '../../lib/decay/sweep-scope';
import { applySweep } from '../../lib/decay/sweep-scope';
import { sweepRequestSchema } from '../../lib/decay/sweep-request';
import type { DecayPolicy } from '../../lib/decay/decay-policy';
import { writeFacts } from '../../lib/facts/write-facts';
import { lintRequestSchema } from '../../lib/lint/lint-request';
import { runLint } from '../../lib/lint/run-lint';
import { scopeHealth } from '../../lib/lint/lint-summary';
import { FACT_SCOPES } from '../../lib/facts/scope';
import { seedBatches } from '../../lib/seed/generate-knowledge-base';
import { settleAfterBulkLoad, statisticsRefresher } from '../../lib/seed/refresh-statistics';
import { synthesisRequestSchema } from '../../lib/synthesis/synthesis-request';
import { streamText } from '../../lib/http/stream-text';
import { synthesisJson } from '../../lib/synthesis/synthesize';
import { getDb } from '../../lib/db/prisma';
import type { BenchContext, BenchOperation } from './bench-operation';
import type { BenchRow } from './bench-table';
import { naiveDecayDryRun, naiveLint, naiveSynthesis } from './naive-health';
import { withPeakRss } from './peak-rss';

// Lint, synthesis and decay over N facts in ONE scope (the seed generator's knowledge base written
// into "company" only, then VACUUM ANALYZE as the seed does), each beside its naive baseline (load every fact, compute in
// JavaScript) in the same run. Read operations report the p50 of 5 runs. PostgreSQL rows also
// note the peak RSS of the busiest server backend, sampled with ps.

const SCOPE = 'company';
const RUNS = 5;
const HALF_LIFE_S = 30 * 24 * 3600;

async function seedOneScope(context: BenchContext, facts: number): Promise<void> {
  const db = await getDb();
  const refresh = statisticsRefresher(db);
  let written = 0;
  for (const batch of seedBatches({ facts, seed: context.seed, now: new Date(), onlyScope: SCOPE }, 1000)) {
    await writeFacts(batch.map((f) => f.input), { mode: 'import' });
    written += batch.length;
    await refresh(written);
    if (written % 100_000 === 0) context.log(`    seeded ${written.toLocaleString('en-US')} facts`);
  }
  await settleAfterBulkLoad(db);
}

function serverBackendRssMb(): number {
  try {
    const out = execFileSync('ps', ['-C', 'postgres', '-o', 'rss='], { encoding: 'utf8' });
    return Math.max(0, ...out.split('\n').map((l) => Number(l.trim()) || 0)) / 1024;
  } catch {
    return 0;
  }
}

async function measure(context: BenchContext, facts: number, method: string, runs: number, work: () => Promise<unknown>, note?: string): Promise<BenchRow> {
  const times: number[] = [];
  let serverPeak = 0;
  const sampler = context.database.name.startsWith('PostgreSQL') ? setInterval(() => (serverPeak = Math.max(serverPeak, serverBackendRssMb())), 50) : null;
  const { peakRssMb } = await withPeakRss(async () => {
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await work();
      times.push((performance.now() - started) / 1000);
    }
  });
  if (sampler) clearInterval(sampler);
  times.sort((a, b) => a - b);
  const server = sampler ? `server backend peak RSS ${Math.round(serverPeak)} MB` : null;
  return {
    database: context.database.name,
    method: runs > 1 ? `${method}, p50 of ${runs}` : method,
    facts,
    seconds: times[Math.floor(times.length / 2)],
    peakRssMb,
    note: [note, server].filter(Boolean).join('; ') || undefined,
  };
}

export async function drain(stream: ReadableStream<Uint8Array>): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

const policy: DecayPolicy = { id: 'bench-half-life', relation: '*', scope: SCOPE, mode: 'confidence', ttl_s: null, half_life_s: HALF_LIFE_S, min_confidence: 0.05, exempt_relations: [], source: 'database' };

export const healthOperations: BenchOperation = {
  name: 'lint, synthesis, decay',
  async run(context) {
    const fresh = await context.database.fresh();
    try {
      context.log(`    seeding ${context.facts.toLocaleString('en-US')} facts into one scope`);
      await seedOneScope(context, context.facts);
      const lint = lintRequestSchema.parse({ scope: SCOPE });
      const synthesis = synthesisRequestSchema.parse({ scope: SCOPE });
      const dry = sweepRequestSchema.parse({ scope: SCOPE, mode: 'dry_run' });
      const rows: BenchRow[] = [];
      rows.push(await measure(context, context.facts, 'lint, all checks (set-based SQL, READ ONLY)', RUNS, () => runLint(lint)));
      rows.push(await measure(context, context.facts, 'lint baseline: load every fact, compute in JS', RUNS, () => naiveLint(SCOPE)));
      rows.push(await measure(context, context.facts, 'dashboard overview: health of all four scopes', RUNS, async () => {
        for (const scope of FACT_SCOPES) await scopeHealth(scope);
      }));
      rows.push(await measure(context, context.facts, 'synthesis, whole scope streamed', RUNS, async () => drain(await streamText(synthesisJson(synthesis)))));
      rows.push(await measure(context, context.facts, 'synthesis baseline: load every fact, compute in JS', RUNS, () => naiveSynthesis(SCOPE)));
      const db = await getDb();
      await db.decayPolicy.create({ data: { id: policy.id, relation: '*', scope: SCOPE, mode: 'confidence', halfLifeS: HALF_LIFE_S, minConfidence: 0.05, exemptRelations: [] } });
      rows.push(await measure(context, context.facts, 'decay dry-run (set-based SQL, READ ONLY)', RUNS, () => dryRun(dry)));
      rows.push(await measure(context, context.facts, 'decay dry-run baseline: load every fact, compute in JS', RUNS, () => naiveDecayDryRun(SCOPE, HALF_LIFE_S)));
      let changed = 0;
      const sweepRow = await measure(context, context.facts, 'decay sweep (set-based SQL, chunks of 10,000 value heads)', 1, async () => {
        const result = await applySweep(sweepRequestSchema.parse({ scope: SCOPE }), [policy]);
        changed = result.facts_reduced + result.facts_retracted;
      });
      rows.push({ ...sweepRow, note: [`${changed.toLocaleString('en-US')} values decayed`, sweepRow.note].filter(Boolean).join('; ') });
      return rows;
    } finally {
      await fresh.dispose();
    }
  },
};

/** Lint at 1M facts in one scope (docs/performance.md § Targets: ≤ 5 s without loading facts into JavaScript). */
export const largeLint: BenchOperation = {
  name: 'lint 1M',
  async run(context) {
    const facts = context.largeFacts;
    if (!facts) return [];
    const fresh = await context.database.fresh();
    try {
      context.log(`    seeding ${facts.toLocaleString('en-US')} facts into one scope`);
      await seedOneScope(context, facts);
      const lint = lintRequestSchema.parse({ scope: SCOPE });
      return [
        await measure(context, facts, 'lint, all checks (set-based SQL, READ ONLY)', RUNS, () => runLint(lint)),
        await measure(context, facts, 'lint baseline: load every fact, compute in JS', 1, () => naiveLint(SCOPE), 'baseline: 1 run'),
      ];
    } finally {
      await fresh.dispose();
    }
  },
};
