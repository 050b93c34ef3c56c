import { spawn } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { BenchDatabase } from './bench/bench-databases';
import { pgliteDatabase, postgresDatabase } from './bench/bench-databases';
import type { BenchOperation } from './bench/bench-operation';
import { type BenchRow, formatBenchTable } from './bench/bench-table';
import { batchIngest } from './bench/measure-batch-ingest';
import { naiveCreate } from './bench/measure-naive-create';
import { healthOperations, largeLint } from './bench/measure-health';
import { httpIngest, httpLargeLint, httpUserPath } from './bench/measure-http';
import { manyValuedTriple } from './bench/measure-many-valued';
import { otherScopeWrites, writeScaling } from './bench/measure-write-scaling';
import { writeCost } from './bench/measure-write-cost';
import { ensureBuilt } from './bench/bench-server';

// npm run bench -- [--facts 100000] [--large 1000000] [--quick] [--only pglite|postgres]
//                   [--mode all|http|lib] [--op <operation>] [--no-build]
//   --large N: facts of the large-scope lint rows (0 skips them; --quick skips them)
//   --op: only the operations whose name contains this (e.g. "many-valued", "HTTP user path")
//   --mode http: only the user's path (a started server, HTTP); lib: only the in-process rows
//   --no-build: reuse the existing .next build for the HTTP rows
//
// Prints a Markdown table of the project's performance figures (docs/performance.md). The HTTP
// rows take the user's path: `next build` once, `next start` on a fresh empty database, facts
// written through POST /v1/facts by 4 clients, every read timed over HTTP, each beside its
// in-process lower bound on the same data. The in-process rows (--mode lib) put each operation
// beside a naive baseline measured in the same run, on embedded PGlite (a temporary data folder) and on
// PostgreSQL (a fresh database `stigmem_bench_<random>` on BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards; skipped with a message when
// no server answers). --quick is a 10,000-fact smoke run.
//
// Layout: scripts/bench/ holds one module per measured operation (measure-*.ts, each a
// BenchOperation returning rows), the databases (bench-databases.ts) and the table printer.
// To add lint, decay or synthesis: write scripts/bench/measure-<operation>.ts and list it below.
// Each (database, operation) pair runs in a child process of its own, so peak RSS belongs to that
// measurement alone and no state (Prisma client, PGlite instance, HLC clock) leaks between them.

const HTTP_OPERATIONS: BenchOperation[] = [httpUserPath, writeScaling, otherScopeWrites, manyValuedTriple, httpLargeLint, httpIngest];
const LIB_OPERATIONS: BenchOperation[] = [batchIngest, writeCost, naiveCreate, healthOperations, largeLint];
const MODES = ['all', 'http', 'lib'] as const;

const TARGETS = [
  'over HTTP at 100k facts in one scope, no manual maintenance (PGlite / PostgreSQL): ingest with 4 clients ≥ 3,000 / ≥ 10,000 facts/s; lint ≤ 1.5 / ≤ 1 s; synthesis of the whole scope ≤ 1.5 / ≤ 1 s; decay dry run ≤ 1 / ≤ 0.5 s; sweep ≤ 10 / ≤ 5 s; health overview, scope page and queue full load ≤ 1.5 / ≤ 1 s, their first byte ≤ 300 ms',
  'lint of 1M facts over HTTP on PostgreSQL ≤ 5 s',
  'writes in parallel, ratios in one run: HTTP ingest with 1, 4 and 16 clients ≥ 0.5 × the raw INSERT … SELECT rate of the same rows into copies of facts and value_heads; a one-fact write to another scope during batches of 1,000 p99 ≤ 200 ms',
  'in-process (lower bounds): batch ingest ≥ 10,000 facts/s on PostgreSQL; lint of 100k ≤ 0.5 s; sweep ≤ 5 s',
];

const ROWS_PREFIX = 'BENCH_ROWS ';

interface Settings {
  operations: BenchOperation[];
  noBuild: boolean;
  facts: number;
  baselineFacts: number;
  largeFacts: number;
  seed: number;
  databases: BenchDatabase[];
}

function settings(): Settings & { child?: { database: string; operation: string } } {
  const { values } = parseArgs({
    options: {
      facts: { type: 'string' },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      large: { type: 'string' },
      seed: { type: 'string' },
      mode: { type: 'string', default: 'all' },
      op: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'child-database': { type: 'string' },
      'child-operation': { type: 'string' },
    },
  });
  const facts = Number(values.facts ?? (values.quick ? 10_000 : 100_000));
  if (!Number.isSafeInteger(facts) || facts < 1) throw new Error(`--facts must be a positive integer, got ${values.facts}`);
  const seed = Number(values.seed ?? 42);
  const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const databases = [pgliteDatabase(), postgresDatabase(adminUrl)].filter((db) => !values.only || db.name.toLowerCase().startsWith(values.only.toLowerCase()));
  const child = values['child-database'] && values['child-operation'] ? { database: values['child-database'], operation: values['child-operation'] } : undefined;
  const largeFacts = Number(values.large ?? (values.quick ? 0 : 1_000_000));
  if (!Number.isSafeInteger(largeFacts) || largeFacts < 0) throw new Error(`--large must be a whole number, got ${values.large}`);
  const mode = values.mode as (typeof MODES)[number];
  if (!MODES.includes(mode)) throw new Error(`--mode must be one of ${MODES.join(', ')}, got ${values.mode}`);
  const operations = [...(mode === 'lib' ? [] : HTTP_OPERATIONS), ...(mode === 'http' ? [] : LIB_OPERATIONS)].filter((op) => !values.op || op.name.includes(values.op));
  if (!operations.length) throw new Error(`--op ${values.op} names no operation; they are ${[...HTTP_OPERATIONS, ...LIB_OPERATIONS].map((op) => op.name).join(', ')}`);
  return { facts, baselineFacts: Math.min(values.quick ? 1_000 : 5_000, facts), largeFacts, seed, databases, child, operations, noBuild: values['no-build'] };
}

const log = (line: string) => console.error(line);

/** In the child: measure one operation on one database and hand the rows to the parent. */
async function runChild(s: Settings, child: { database: string; operation: string }) {
  const database = s.databases.find((db) => db.name === child.database)!;
  const operation = s.operations.find((op) => op.name === child.operation)!;
  await database.unavailable();
  const rows = await operation.run({ database, facts: s.facts, baselineFacts: s.baselineFacts, largeFacts: s.largeFacts, seed: s.seed, log });
  console.log(ROWS_PREFIX + JSON.stringify(rows));
}

function spawnChild(database: BenchDatabase, operation: BenchOperation): Promise<BenchRow[]> {
  const args = [...process.execArgv, process.argv[1], ...process.argv.slice(2), '--child-database', database.name, '--child-operation', operation.name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(ROWS_PREFIX));
      if (code === 0 && line) resolve(JSON.parse(line.slice(ROWS_PREFIX.length)) as BenchRow[]);
      else reject(new Error(`${database.name} / ${operation.name} failed (exit code ${code})`));
    });
  });
}

async function main() {
  const s = settings();
  if (s.child) return runChild(s, s.child);
  log(`bench: ${s.facts.toLocaleString('en-US')} facts (baselines ${s.baselineFacts.toLocaleString('en-US')}), seed ${s.seed}`);
  if (s.operations.some((op) => HTTP_OPERATIONS.includes(op))) ensureBuilt(s.noBuild, log);
  const rows: BenchRow[] = [];
  for (const database of s.databases) {
    const unavailable = await database.unavailable();
    for (const operation of s.operations) {
      if (unavailable) {
        rows.push({ database: database.name, method: operation.name, facts: 0, seconds: 0, peakRssMb: 0, skipped: unavailable });
        continue;
      }
      log(`  ${database.name}: ${operation.name}…`);
      const started = performance.now();
      rows.push(...(await spawnChild(database, operation)));
      log(`  ${database.name}: ${operation.name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  }

  const [load1] = os.loadavg();
  console.log(`\n## Stigmem Health benchmark — ${new Date().toISOString()}\n`);
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, load average ${load1.toFixed(2)} at the end.`);
  console.log('Seconds count only the measured operation (not database creation, migrations or data generation). Rows "over HTTP" ran against `next start` on a fresh database; their peak RSS is the server\'s whole process tree during that row (PGlite runs inside it). In-process rows ran in a process of their own; their peak RSS is that process. A PostgreSQL server\'s own memory is never included.\n');
  console.log(formatBenchTable(rows));
  console.log(`\nTargets: ${TARGETS.join('; ')}.`);
}

main().catch((error: Error) => {
  console.error(`bench failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
