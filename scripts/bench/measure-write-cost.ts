import { getDb, type Tx } from '../../lib/db/prisma';
import { writeFacts } from '../../lib/facts/write-facts';
import { seedBatches } from '../../lib/seed/generate-knowledge-base';
import { searchVectorSql } from '../../lib/facts/search-vector';
import type { BenchContext, BenchOperation } from './bench-operation';
import type { BenchRow } from './bench-table';
import { withPeakRss } from './peak-rss';

// Where a write's time goes (docs/performance.md § Where the time goes), per 1,000 facts:
//   1. the seed's facts written as live writes (assert, batches of 1,000, one scope) through
//      writeFacts, the path POST /v1/facts takes after parsing; each SQL statement of the write path
//      timed by a wrapper around the transaction's raw queries, named by the table it reads or
//      writes; everything else (detectors, the contradiction rules, building the answer, commit) as
//      one row. Batches before WARMUP are not counted;
//   2. each index's own cost: 1,000 of the written rows inserted again under new keys into a copy
//      of facts or value_heads with its rows and all its indexes, and into copies without one index
//      each (medians of RUNS); the difference is that index's share;
//   3. the search vector's expression alone over 1,000 value heads;
//   4. the maintained health state's share (docs/decisions.md § Maintained health state): more
//      batches, each written twice into two more scopes, once with the state's triggers on and once
//      off, so both halves write the same facts on the same machine into tables of the same size.

/** The value at quantile `q` (0.5: the median, the upper middle of an even count). */
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

const BATCH = 1_000;
const WARMUP = 5;
const RUNS = 5;
/** Rows of each index measurement (reported per 1,000): a larger insert than a batch, so the machine's jitter weighs less. */
const INDEX_ROWS = 10_000;

/** A statement's row name: the table it writes or, for a read, the first table it reads. */
function statementName(sql: string): string {
  const text = sql.replace(/\s+/g, ' ').trim();
  if (text.includes('pg_advisory_xact_lock')) return 'advisory locks';
  if (text.startsWith("SELECT set_config('lock_timeout'")) return 'lock wait setting';
  const write = /^(INSERT INTO|UPDATE) (\w+)/.exec(text);
  if (write) return `${write[1] === 'UPDATE' ? 'update' : text.includes('ON CONFLICT') ? 'upsert' : 'insert'} ${write[2]}`;
  const tables = [...text.matchAll(/(?:FROM|JOIN) (\w+)/g)].map((m) => m[1]).filter((name) => !['unnest', 'LATERAL'].includes(name));
  return `read ${tables[0] ?? text.slice(0, 40)}`;
}

const TIMED = new Set<PropertyKey>(['$queryRaw', '$executeRaw', '$queryRawUnsafe', '$executeRawUnsafe']);

/** The transaction handed to `work` with its raw statements timed into `into` (ms by statement name). */
function timedTx(tx: Tx, into: Map<string, number>, counting: () => boolean): Tx {
  return new Proxy(tx, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      if (!TIMED.has(prop)) return value.bind(target);
      return async (strings: TemplateStringsArray | string, ...values: unknown[]) => {
        const started = performance.now();
        try {
          return await value.call(target, strings, ...values);
        } finally {
          if (counting()) {
            const name = statementName(Array.isArray(strings) ? strings.join('?') : String(strings));
            into.set(name, (into.get(name) ?? 0) + performance.now() - started);
          }
        }
      };
    },
  }) as Tx;
}

/** Runs `work` with every transaction of this process (the write path's own; nothing else runs) timing its raw statements into `into` while `counting()`. */
async function timingStatements<T>(into: Map<string, number>, counting: () => boolean, work: () => Promise<T>): Promise<T> {
  const db = await getDb();
  const transaction = db.$transaction.bind(db);
  Object.assign(db, { $transaction: (fn: unknown, options?: unknown) => (typeof fn === 'function' ? transaction((tx: Tx) => fn(timedTx(tx, into, counting)), options as never) : transaction(fn as never, options as never)) });
  try {
    return await work();
  } finally {
    Object.assign(db, { $transaction: transaction });
  }
}

async function statementRows(context: BenchContext, label: string): Promise<BenchRow[]> {
  const statements = new Map<string, number>();
  let counting = false;
  let total = 0;
  let counted = 0;
  const now = new Date();
  const { peakRssMb } = await timingStatements(statements, () => counting, () => withPeakRss(async () => {
    let batches = 0;
    for (const batch of seedBatches({ facts: context.facts, seed: context.seed, now, onlyScope: 'company' }, BATCH)) {
      // Live writes: the node issues ids, HLCs and timestamps.
      const inputs = batch.map(({ input }) => ({ ...input, id: undefined, hlc: undefined, timestamp: undefined }));
      counting = batches++ >= WARMUP;
      const started = performance.now();
      await writeFacts(inputs, { mode: 'assert' });
      if (counting) {
        total += performance.now() - started;
        counted += inputs.length;
      }
    }
  }));
  const perThousand = (ms: number) => (ms / counted) * 1_000;
  const sql = [...statements.values()].reduce((a, b) => a + b, 0);
  const row = (method: string, ms: number): BenchRow => ({
    database: label,
    method: `write cost: ${method}`,
    facts: counted,
    seconds: ms / 1000,
    peakRssMb,
    note: `${perThousand(ms).toFixed(1)} ms per 1,000 facts, ${Math.round((ms / total) * 100)} % of the write (${perThousand(total).toFixed(0)} ms per 1,000 in all)`,
  });
  return [
    ...[...statements].sort((a, b) => b[1] - a[1]).map(([name, ms]) => row(name, ms)),
    row('outside the transaction\'s SQL (HLC reservation, detectors, rules, the answer, commit)', total - sql),
  ];
}

/**
 * Each index's share of inserting rows into `table`, per 1,000: INDEX_ROWS of its rows inserted (under new keys)
 * into a copy holding the table's rows with all its indexes, and into copies without one index
 * each. Every copy takes one insert and is dropped (rolled-back inserts would bloat the next); the
 * variants take turns RUNS times and each reports its median.
 */
async function indexRows(label: string, table: 'facts' | 'value_heads', keyColumn: 'id' | 'entity'): Promise<BenchRow[]> {
  const db = await getDb();
  const copy = `bench_cost_${table}`;
  const source = `bench_cost_${table}_rows`;
  await db.$executeRawUnsafe(`CREATE TABLE ${source} AS SELECT * FROM ${table} ORDER BY ${keyColumn} LIMIT ${INDEX_ROWS}`);
  try {
    const rowCount = await db.$executeRawUnsafe(`UPDATE ${source} SET ${keyColumn} = ${keyColumn} || ':cost'`);
    const indexes = await db.$queryRawUnsafe<{ indexname: string }[]>(`SELECT indexname FROM pg_indexes WHERE tablename = '${table}' AND indexname NOT LIKE '%_pkey' ORDER BY indexname`);
    const variants = [null, ...indexes.map((i) => i.indexname)];
    const times = new Map<string | null, number[]>(variants.map((v) => [v, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const without of variants) {
        await db.$executeRawUnsafe(`CREATE TABLE ${copy} (LIKE ${table} INCLUDING ALL)`);
        try {
          if (without) {
            // The copy's index of the same definition (LIKE names it after the copy's columns).
            const [{ name }] = await db.$queryRawUnsafe<{ name: string }[]>(
              `SELECT c.indexname AS name FROM pg_indexes c JOIN pg_indexes o ON o.indexname = '${without}' AND o.tablename = '${table}'
               WHERE c.tablename = '${copy}' AND substring(c.indexdef from ' USING .*') = substring(o.indexdef from ' USING .*')`,
            );
            await db.$executeRawUnsafe(`DROP INDEX ${name}`);
          }
          await db.$executeRawUnsafe(`INSERT INTO ${copy} SELECT * FROM ${table}`);
          await db.$executeRawUnsafe(`ANALYZE ${copy}`);
          const started = performance.now();
          await db.$executeRawUnsafe(`INSERT INTO ${copy} SELECT * FROM ${source}`);
          times.get(without)!.push(performance.now() - started);
        } finally {
          await db.$executeRawUnsafe(`DROP TABLE ${copy}`);
        }
      }
    }
    // Per 1,000 rows, as the write path's rows are.
    const median = (list: number[]) => (quantile(list, 0.5) / rowCount) * 1_000;
    const all = median(times.get(null)!);
    const rows: BenchRow[] = [{ database: label, method: `write cost: raw insert of 1,000 rows into ${table}, all indexes`, facts: BATCH, seconds: all / 1000, peakRssMb: 0, note: `${all.toFixed(1)} ms per 1,000 rows (median of ${RUNS} inserts of ${rowCount.toLocaleString('en-US')}) into a copy of ${table} with its rows and ${indexes.length} indexes besides the primary key` }];
    for (const { indexname } of indexes) {
      const without = median(times.get(indexname)!);
      const share = all - without;
      rows.push({ database: label, method: `write cost: index ${indexname}`, facts: BATCH, seconds: Math.max(share, 0) / 1000, peakRssMb: 0, note: `${share.toFixed(1)} ms of the ${all.toFixed(1)} ms per 1,000 rows (${Math.round((share / all) * 100)} %): without it ${without.toFixed(1)} ms (medians of ${RUNS})` });
    }
    return rows;
  } finally {
    await db.$executeRawUnsafe(`DROP TABLE IF EXISTS ${copy}`);
    await db.$executeRawUnsafe(`DROP TABLE ${source}`);
  }
}

/**
 * The triggers that keep the maintained health state: entity_liveness, the synthesis state (with its
 * triggers on contradictions) and the values each source holds (migrations
 * 20261127130000_entity_liveness, 20261127152030_synthesis_state, 20261128004112_source_state).
 * BENCH_STATE_TRIGGERS (e.g. `synthesis` or `source_heads,entity_liveness`) turns only those on and
 * off, to measure one piece's share.
 */
const ALL_STATE_PIECES = ['entity_liveness', 'synthesis', 'source_heads'];
const STATE_PIECES = process.env.BENCH_STATE_TRIGGERS?.split(',').map((p) => p.trim()) ?? ALL_STATE_PIECES;
for (const piece of STATE_PIECES) {
  if (!ALL_STATE_PIECES.includes(piece)) throw new Error(`BENCH_STATE_TRIGGERS takes ${ALL_STATE_PIECES.join(', ')}; got ${piece}`);
}
const STATE_TRIGGERS = {
  value_heads: STATE_PIECES.flatMap((state) => ['insert', 'update', 'delete'].map((op) => `value_heads_${state}_${op}`)),
  ...(STATE_PIECES.includes('synthesis') ? { contradictions: ['insert', 'update', 'delete'].map((op) => `contradictions_synthesis_${op}`) } : {}),
};
/** Batches of the maintained-state comparison (after WARMUP), each written with the triggers and without. */
const STATE_BATCHES = 100;

/**
 * The maintained state's cost per 1,000 facts: its triggers run inside the value_heads and
 * contradictions write statements, so those statements are timed with the triggers on and off. Each
 * batch is written twice, into two more scopes (the same facts, so the same work but for the
 * triggers), once with the triggers on and once off, which first taking turns (the second write finds
 * the first's index pages in memory); the row is the median of the pairs' differences, with its
 * quartiles. Batches of different facts taking turns differ by more than the triggers cost: the
 * differences of such neighbouring batches had quartiles of 16–53 ms around a 38 ms median. The
 * whole write's medians are shown beside.
 */
async function maintainedStateRow(context: BenchContext, label: string): Promise<BenchRow> {
  const db = await getDb();
  const halves = { on: [] as { state: number; write: number }[], off: [] as { state: number; write: number }[] };
  const setTriggers = async (on: boolean) => {
    for (const [table, triggers] of Object.entries(STATE_TRIGGERS)) {
      await db.$executeRawUnsafe(`ALTER TABLE ${table} ${triggers.map((t) => `${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${t}`).join(', ')}`);
    }
  };
  const SCOPES = { on: 'team', off: 'public' } as const;
  let pairs = 0;
  let facts = 0;
  try {
    for (const batch of seedBatches({ facts: (WARMUP + STATE_BATCHES) * BATCH, seed: context.seed + 1, now: new Date(), onlyScope: 'team' }, BATCH)) {
      const counting = pairs >= WARMUP;
      for (const half of pairs++ % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        await setTriggers(half === 'on');
        const inputs = batch.map(({ input }) => ({ ...input, scope: SCOPES[half], id: undefined, hlc: undefined, timestamp: undefined }));
        const statements = new Map<string, number>();
        const started = performance.now();
        await timingStatements(statements, () => counting, () => writeFacts(inputs, { mode: 'assert' }));
        if (!counting) continue;
        const write = performance.now() - started;
        // The statements that write value_heads and contradictions, where the triggers run (not the reads).
        const state = [...statements].filter(([name]) => /^(upsert|update|insert) (value_heads|contradictions)$/.test(name)).reduce((sum, [, ms]) => sum + ms, 0);
        halves[half].push({ state: (state / inputs.length) * 1_000, write: (write / inputs.length) * 1_000 });
        if (half === 'on') facts += inputs.length;
      }
    }
  } finally {
    await setTriggers(true);
  }
  const differences = halves.on.map((b, i) => b.state - halves.off[i].state);
  const cost = quantile(differences, 0.5);
  const median = (half: 'on' | 'off', key: 'state' | 'write') => quantile(halves[half].map((b) => b[key]), 0.5);
  const write = median('off', 'write');
  return {
    database: label,
    method: `write cost: maintained health state (${STATE_PIECES.join(', ')} triggers)`,
    facts,
    seconds: cost / 1000,
    peakRssMb: 0,
    note: `${cost.toFixed(1)} ms per 1,000 facts (quartiles ${quantile(differences, 0.25).toFixed(1)}–${quantile(differences, 0.75).toFixed(1)}), ${((cost / write) * 100).toFixed(1)} % of the write without it: value_heads and contradictions writes ${median('on', 'state').toFixed(1)} ms with the triggers, ${median('off', 'state').toFixed(1)} ms without; whole write ${median('on', 'write').toFixed(0)} / ${write.toFixed(0)} ms (medians; ${STATE_BATCHES} batches of 1,000, each written twice, into scopes ${SCOPES.on} and ${SCOPES.off}, with the triggers and without)`,
  };
}

/** The search vector's expression alone, over 1,000 value heads. */
async function searchVectorRow(label: string): Promise<BenchRow> {
  const db = await getDb();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await db.$queryRaw`SELECT sum(length(${searchVectorSql('h')}))::int AS n FROM (SELECT * FROM value_heads LIMIT ${BATCH}) h`;
    times.push(performance.now() - started);
  }
  const ms = times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
  return { database: label, method: 'write cost: search vector expression, 1,000 heads', facts: BATCH, seconds: ms / 1000, peakRssMb: 0, note: `${ms.toFixed(1)} ms per 1,000 value heads (median of ${RUNS}), computed and summed in one SELECT` };
}

export const writeCost: BenchOperation = {
  name: 'write cost',
  async run(context) {
    const fresh = await context.database.fresh();
    try {
      context.log(`    writing ${context.facts.toLocaleString('en-US')} facts through writeFacts, statements timed`);
      const rows = await statementRows(context, fresh.label);
      context.log('    index shares and the search vector');
      rows.push(...(await indexRows(fresh.label, 'facts', 'id')), ...(await indexRows(fresh.label, 'value_heads', 'entity')), await searchVectorRow(fresh.label));
      context.log('    the maintained health state, on and off by turns');
      rows.push(await maintainedStateRow(context, fresh.label));
      return rows;
    } finally {
      await fresh.dispose();
    }
  },
};
