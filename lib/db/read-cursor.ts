import { Prisma } from '../generated/prisma/client';
import type { Tx } from './prisma';
import { readOnlyShared } from './read-only';

// A whole-table download (an export of every finding, conflict or synthesis entry of a scope) must
// not hold its rows in the app: at 10M facts that is gigabytes. One query runs behind a server-side
// cursor in one read-only transaction (one snapshot, one pass, the sort done by the database), and
// each batch is fetched only when the consumer asks for the next one, so the app holds one batch
// whatever the row count. Keyset pages would not do here: the findings are computed by the query,
// so every page would compute them all again.
//
// The transaction ends as soon as the last row is read, or when the consumer stops (breaking out of
// `for await` calls the generator's return()). Until then it holds a connection — on the embedded
// database, the one session every other request waits for — and the usual transaction timeout
// (TX_OPTIONS) ends a download that stalls for longer.

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

export interface ReadCursorOptions<Row, Out> {
  /** Rows per FETCH, and at most this many rows per batch. */
  batchSize: number;
  /** Turns a batch of rows into what the consumer gets, in the same snapshot (e.g. loads the facts they name). */
  map: (tx: Tx, rows: Row[]) => Promise<Out[]> | Out[];
  /** What follows the last row, read in the same snapshot (a synthesis's totals): appended to the last batch. */
  finish?: (tx: Tx) => Promise<Out[]>;
  /** The transaction's timeout, for background reads (read-only.ts); default a request's. */
  timeoutMs?: number;
}

/** The rows of `query` in batches of at most `batchSize`, read through a cursor as the consumer asks for them. */
export function readCursor<Row, Out = Row>(query: Prisma.Sql, options: ReadCursorOptions<Row, Out>): AsyncGenerator<Out[]> {
  return readMergedCursors<Row, Out>([query], { ...options, block: () => 0 });
}

export interface MergedCursorOptions<Row, Out> extends ReadCursorOptions<Row, Out> {
  /**
   * Where a row stands in the merged order: every query yields its rows in this order, and no two
   * queries yield rows of the same block, so the merge only compares blocks (the order within a
   * block is the one query's own, sorted by the database).
   */
  block: (row: Row) => number;
}

/** One query's cursor and the rows fetched from it and not yet handed on. */
interface Source<Row> {
  tx: Tx;
  name: string;
  rows: Row[];
  next: number;
  done: boolean;
}

/**
 * The rows of several queries, each already in order, merged into one order, in batches of at most
 * `batchSize`. The queries run in transactions that share one snapshot (readOnlyShared): on
 * PostgreSQL each on its own connection, so the database computes them at the same time on as many
 * cores — their first FETCHes go out together — and the app holds at most a batch per query.
 * On PGlite they run one after another in one transaction.
 */
export async function* readMergedCursors<Row, Out = Row>(queries: Prisma.Sql[], options: MergedCursorOptions<Row, Out>): AsyncGenerator<Out[]> {
  const asks: Deferred<Out[] | null>[] = [];
  let wake: (() => void) | null = null;
  const wakeProducer = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  let stopped = false;
  // Once a batch has gone out, a replica that fails cannot hand the read to the primary: the
  // consumer would get the rows it has again.
  let delivered = false;
  let outcome: { error: unknown } | 'done' | null = null;
  const settle = (ask: Deferred<Out[] | null>) => (outcome === 'done' ? ask.resolve(null) : ask.reject((outcome as { error: unknown }).error));
  const fetchSql = Prisma.raw(String(options.batchSize));

  const transaction = readOnlyShared(queries.length, async (txs) => {
    const sources: Source<Row>[] = [];
    for (const [i, query] of queries.entries()) {
      const tx = txs[i % txs.length];
      const name = `read_cursor_${i}`;
      // A cursor is planned for its first 10 % of rows by default (cursor_tuple_fraction), which favours
      // plans that start fast and finish slow; these downloads read every row.
      await tx.$executeRaw`SELECT set_config('cursor_tuple_fraction', '1', true)`;
      await tx.$executeRaw(Prisma.sql`DECLARE ${Prisma.raw(name)} NO SCROLL CURSOR FOR ${query}`);
      sources.push({ tx, name, rows: [], next: 0, done: false });
    }
    const refill = async (source: Source<Row>) => {
      source.rows = await source.tx.$queryRaw<Row[]>(Prisma.sql`FETCH ${fetchSql} FROM ${Prisma.raw(source.name)}`);
      source.next = 0;
      source.done = source.rows.length < options.batchSize;
    };
    // Empty sources are fetched together, one FETCH at a time per transaction.
    const refillEmpty = () =>
      Promise.all(txs.map(async (tx) => {
        for (const source of sources) if (source.tx === tx && source.next === source.rows.length && !source.done) await refill(source);
      }));
    const nextBatch = async (): Promise<Row[]> => {
      const batch: Row[] = [];
      while (batch.length < options.batchSize) {
        await refillEmpty();
        const ready = sources.filter((source) => source.next < source.rows.length);
        if (!ready.length) break;
        const blockOf = (source: Source<Row>) => options.block(source.rows[source.next]);
        const first = ready.reduce((best, source) => (blockOf(source) < blockOf(best) ? source : best));
        const others = Math.min(Infinity, ...ready.filter((source) => source !== first).map(blockOf));
        // The first source's rows up to the next block another source holds. Every source that has
        // rows left holds some now (refilled above), so no later row of another source can come first.
        while (batch.length < options.batchSize && first.next < first.rows.length && options.block(first.rows[first.next]) <= others) {
          batch.push(first.rows[first.next++]);
        }
      }
      return batch;
    };
    for (;;) {
      while (!stopped && !asks.length) await new Promise<void>((resolve) => (wake = resolve));
      if (stopped) return;
      const ask = asks.shift()!;
      try {
        const rows = await nextBatch();
        const last = sources.every((source) => source.done && source.next === source.rows.length);
        const out = rows.length ? await options.map(txs[0], rows) : [];
        if (last && options.finish) out.push(...(await options.finish(txs[0])));
        delivered = true;
        ask.resolve(last && !out.length ? null : out);
        if (last) return;
      } catch (error) {
        // Back to the front of the queue: a read retried on the primary answers it; otherwise it is
        // answered with the error, with the ones after it, when the transaction settles.
        asks.unshift(ask);
        throw error;
      }
    }
  }, { mayRetry: () => !delivered, timeoutMs: options.timeoutMs });
  transaction.then(
    () => (outcome = 'done'),
    (error: unknown) => (outcome = { error }),
  ).finally(() => asks.splice(0).forEach(settle));

  try {
    for (;;) {
      const ask = deferred<Out[] | null>();
      if (outcome) settle(ask);
      else {
        asks.push(ask);
        wakeProducer();
      }
      const batch = await ask.promise;
      if (!batch) return;
      yield batch;
    }
  } finally {
    stopped = true;
    wakeProducer();
    // The transaction is over before the consumer goes on (a test, or the next request on PGlite).
    await transaction.catch(() => undefined);
  }
}
