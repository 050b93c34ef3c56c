import { parseArgs } from 'node:util';
import { detectInjection } from '../../lib/integrity/detect-injection';
import { detectSensitive } from '../../lib/integrity/detect-sensitive';
import { demoValues } from '../../test/fixtures/integrity/demo-corpus';
import { benignCorpus, injectionCorpus, sensitiveCorpus } from '../../lib/integrity/integrity-corpus.test-support';
import { writeFacts } from '../../lib/facts/write-facts';
import { reloadConfig } from '../../lib/config/config';
import { forgetInspections } from '../../lib/integrity/inspect-value';
import { seedBatches } from '../../lib/seed/generate-knowledge-base';
import { type BenchDatabase, pgliteDatabase, postgresDatabase } from './bench-databases';

// `npm run bench:integrity [-- --postgres --runs 5]`: how well and how fast the integrity
// detectors (lib/integrity) work, as Markdown tables.
//   1. rates: injection samples flagged per kind and overall, split into the tuning set and the
//      held-out set; benign knowledge-base text flagged; sensitive formats found and near-misses
//      flagged; the demo knowledge base (20,000 facts, seed 42, generated in-process) flagged;
//   2. throughput on the demo's values: each detector in values/s, beside JSON.parse of the same
//      values as fact JSON (what every write already pays), so the ratio means the same on any
//      machine; p50 of `--runs` passes after a warm-up pass;
//   3. the write path: the demo knowledge base written in-process with writeFacts (batches of
//      1,000, a fresh database per run) with STIGMEM_INTEGRITY off and on, alternating: the share
//      of the ingest rate kept with detection on, on PGlite (and PostgreSQL with --postgres).

const { values: args } = parseArgs({ options: { postgres: { type: 'boolean', default: false }, runs: { type: 'string', default: '5' }, 'no-ingest': { type: 'boolean', default: false } } });
const RUNS = Math.max(1, Number(args.runs));
const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)} %`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n');
}

function rateRows(): string[][] {
  const injections = injectionCorpus();
  const benign = benignCorpus();
  const flagged = (texts: string[]) => texts.filter((t) => detectInjection(t).flagged).length;
  const row = (label: string, texts: string[], target: string) => [label, int(texts.length), int(flagged(texts)), pct(flagged(texts), texts.length), target];
  const rows = [...new Set(injections.map((s) => s.kind))].map((kind) => row(`injection: ${kind}`, injections.filter((s) => s.kind === kind).map((s) => s.text), ''));
  rows.push(row('injection: all (tuning set)', injections.filter((s) => s.set === 'tuning').map((s) => s.text), ''));
  rows.push(row('injection: all (held-out set)', injections.filter((s) => s.set === 'holdout').map((s) => s.text), ''));
  rows.push(row('**injection: all**', injections.map((s) => s.text), '≥ 90 %'));
  rows.push(row('benign KB text (tuning set)', benign.filter((s) => s.set === 'tuning').map((s) => s.text), ''));
  rows.push(row('benign KB text (held-out set)', benign.filter((s) => s.set === 'holdout').map((s) => s.text), ''));
  rows.push(row('**benign KB text: all**', benign.map((s) => s.text), '≤ 5 %'));
  const demo = demoValues();
  rows.push(row('**demo knowledge base** (injection)', demo, '≤ 0.5 %'));
  const sensitive = sensitiveCorpus();
  const found = sensitive.positives.filter((p) => detectSensitive(p.text).some((f) => f.format === p.format)).length;
  const formats = new Set(sensitive.positives.map((p) => p.format));
  const missedFormats = [...formats].filter((format) => sensitive.positives.some((p) => p.format === format && !detectSensitive(p.text).some((f) => f.format === format)));
  rows.push([`sensitive: samples found (${formats.size} formats, ${missedFormats.length} missed)`, int(sensitive.positives.length), int(found), pct(found, sensitive.positives.length), 'every format']);
  const nearMisses = sensitive.negatives.filter((n) => detectSensitive(n.text).length > 0).length;
  rows.push(['**sensitive: near-misses flagged**', int(sensitive.negatives.length), int(nearMisses), pct(nearMisses, sensitive.negatives.length), '≤ 2 %']);
  const credentials = benign.filter((b) => detectSensitive(b.text).some((f) => f.class === 'credential')).length;
  const personal = benign.filter((b) => detectSensitive(b.text).some((f) => f.class === 'personal_data')).length;
  rows.push(['sensitive: benign KB text, credentials', int(benign.length), int(credentials), pct(credentials, benign.length), '≤ 2 %']);
  rows.push(['sensitive: benign KB text, personal data (e-mails it holds)', int(benign.length), int(personal), pct(personal, benign.length), '']);
  const demoSensitive = demo.filter((v) => detectSensitive(v).length > 0).length;
  rows.push(['**demo knowledge base** (sensitive)', int(demo.length), int(demoSensitive), pct(demoSensitive, demo.length), '≤ 0.5 %']);
  return rows;
}

/** Values per second of `work` over `values`: the p50 of RUNS passes after one warm-up pass. */
function throughput(values: string[], work: (value: string) => unknown): number {
  const rates: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now();
    for (const value of values) work(value);
    if (run > 0) rates.push(values.length / ((performance.now() - started) / 1000));
  }
  return rates.sort((a, b) => a - b)[Math.floor(rates.length / 2)];
}

function throughputRows(): string[][] {
  const values = demoValues();
  const asJson = values.map((v) => JSON.stringify({ entity: 'stigmem://acme.example/user/alice-1', relation: 'memory:note', value: { type: 'text', v }, source: 'agent:planner', confidence: 0.9 }));
  const json = throughput(asJson, (text) => JSON.parse(text));
  const row = (label: string, rate: number) => [label, int(rate), `${(1e6 / rate).toFixed(1)} µs`, `${(json / rate).toFixed(1)} ×`];
  return [
    row('JSON.parse of the fact (baseline)', json),
    row('detectInjection', throughput(values, (v) => detectInjection(v))),
    row('detectSensitive', throughput(values, (v) => detectSensitive(v))),
    row('both', throughput(values, (v) => [detectInjection(v), detectSensitive(v)])),
  ];
}

async function ingestRows(database: BenchDatabase): Promise<string[][]> {
  const unavailable = await database.unavailable();
  if (unavailable) return [[`${database.name}: skipped (${unavailable})`, '', '', '', '']];
  // The write path as it runs: writeFacts inspects every value before it takes the write lock
  // (lib/facts/inspect-writes.ts). Runs with STIGMEM_INTEGRITY off and on alternate, each into a
  // fresh database with the inspection cache emptied, so both see the same machine and the same
  // values; the ratio of the medians is the share of the ingest rate kept with detection on.
  const runOnce = async (integrity: 'on' | 'off') => {
    process.env.STIGMEM_INTEGRITY = integrity;
    reloadConfig();
    forgetInspections();
    const fresh = await database.fresh();
    try {
      let facts = 0;
      const started = performance.now();
      for (const batch of seedBatches({ facts: 20_000, seed: 42, now: new Date() }, 1_000)) {
        await writeFacts(batch.map((f) => f.input), { mode: 'import' });
        facts += batch.length;
      }
      return facts / ((performance.now() - started) / 1000);
    } finally {
      await fresh.dispose();
    }
  };
  const off: number[] = [];
  const on: number[] = [];
  for (let pair = 0; pair < 3; pair++) {
    // Alternate which goes first, so neither always meets a warmer process.
    if (pair % 2) on.push(await runOnce('on'));
    off.push(await runOnce('off'));
    if (!(pair % 2)) on.push(await runOnce('on'));
  }
  delete process.env.STIGMEM_INTEGRITY;
  reloadConfig();
  const median = (rates: number[]) => [...rates].sort((a, b) => a - b)[1];
  const ratios = on.map((rate, i) => rate / off[i]).sort((a, b) => a - b);
  return [[database.name, int(median(off)), int(median(on)), `${((median(on) / median(off)) * 100).toFixed(1)} %`, `${(ratios[0] * 100).toFixed(1)}–${(ratios[2] * 100).toFixed(1)} %`]];
}

async function main() {
  console.log('## Integrity detectors: rates\n');
  console.log(table(['corpus', 'samples', 'flagged', 'rate', 'target'], rateRows()));
  console.log('\n## Throughput on the demo knowledge base (values/s, p50)\n');
  console.log(table(['work', 'values/s', 'per value', 'cost in JSON.parse'], throughputRows()));
  if (!args['no-ingest']) {
    console.log('\n## In-process write path, 20,000 demo facts in batches of 1,000: detection off and on, alternating (medians of 3 runs each)\n');
    const databases = [pgliteDatabase(), ...(args.postgres ? [postgresDatabase(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')] : [])];
    const rows: string[][] = [];
    for (const database of databases) rows.push(...(await ingestRows(database)));
    console.log(table(['database', 'STIGMEM_INTEGRITY=off, facts/s', 'on, facts/s', 'rate kept with detection on (target ≥ 90 %)', 'per pair'], rows));
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
