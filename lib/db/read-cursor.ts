import { Prisma } from '../generated/prisma/client';
import type { Tx } from './prisma';
import { CursorMerge, type MergeSource } from './cursor-merge';
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

/** The query whose rows are wanted last: the highest floor (the first such), else the last query. */
function wantedLast(floors: number[] | undefined, queries: number): number {
  if (!floors?.length) return queries - 1;
  return floors.indexOf(Math.max(...floors));
}

export interface MergedCursorOptions<Row, Out> extends ReadCursorOptions<Row, Out> {
  /**
   * Where a row stands in the merged order: every query yields its rows in block order, and no two
   * queries yield rows of the same block (cursor-merge.ts).
   */
  block: (row: Row) => number;
  /** The least block each query can yield, where known: its rows are not waited for before then. */
  floors?: number[];
  /**
   * A read in the same snapshot that does not wait for the rows (a count the answer carries): it runs
   * while the queries do, on the transaction of the query whose rows are wanted last (the highest
   * floor), before that query's first FETCH, and the last batch waits for it. `finish` runs after
   * the last row instead: at 10M facts a count there (a second or two) was time no query overlapped.
   */
  beside?: (tx: Tx) => Promise<void>;
}

/**
 * The rows of several queries, each already in block order, merged into one order, in batches of at
 * most `batchSize`. The queries run in transactions that share one snapshot (readOnlyShared): on
 * PostgreSQL each on its own connection, so the database computes them at the same time on as many
 * cores (their first FETCHes go out together), and the rows of the first blocks go out while later
 * ones are still being computed. The app holds at most a batch or two per query. On PGlite they run
 * one after another in one transaction.
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
  const fetchSql = (name: string) => Prisma.sql`FETCH ${Prisma.raw(String(options.batchSize))} FROM ${Prisma.raw(name)}`;

  const transaction = readOnlyShared(queries.length, async (txs) => {
    // One statement at a time per transaction (its connection runs them in turn anyway), in the order asked.
    const turns = new Map<Tx, Promise<unknown>>();
    const inTurn = <T>(tx: Tx, statement: () => Promise<T>): Promise<T> => {
      const result = (turns.get(tx) ?? Promise.resolve()).then(statement);
      turns.set(tx, result.catch(() => undefined));
      return result;
    };
    const sources: MergeSource<Row>[] = [];
    for (const [i, query] of queries.entries()) {
      const tx = txs[i % txs.length];
      const name = `read_cursor_${i}`;
      // A cursor is planned for its first 10 % of rows by default (cursor_tuple_fraction), which favours
      // plans that start fast and finish slow; these downloads read every row.
      await tx.$executeRaw`SELECT set_config('cursor_tuple_fraction', '1', true)`;
      await tx.$executeRaw(Prisma.sql`DECLARE ${Prisma.raw(name)} NO SCROLL CURSOR FOR ${query}`);
      sources.push({ floor: options.floors?.[i], fetch: () => inTurn(tx, () => tx.$queryRaw<Row[]>(fetchSql(name))) });
    }
    const sideTx = txs[wantedLast(options.floors, queries.length) % txs.length];
    const side = options.beside ? inTurn(sideTx, () => options.beside!(sideTx)) : null;
    // Its failure is the read's: the FETCHes on its transaction then fail only as "transaction aborted".
    let sideFailure: { error: unknown } | null = null;
    side?.catch((error: unknown) => (sideFailure = { error }));
    const merge = new CursorMerge(sources, options.batchSize, options.block);
    try {
      for (;;) {
        while (!stopped && !asks.length) await new Promise<void>((resolve) => (wake = resolve));
        if (stopped) return;
        const ask = asks.shift()!;
        try {
          const rows = await merge.next();
          const last = merge.done;
          // In turn with any fetch under way on the same transaction.
          const out = rows.length ? await inTurn(txs[0], async () => options.map(txs[0], rows)) : [];
          if (last) await side;
          if (last && options.finish) out.push(...(await inTurn(txs[0], () => options.finish!(txs[0]))));
          delivered = true;
          ask.resolve(last && !out.length ? null : out);
          if (last) return;
        } catch (error) {
          // Back to the front of the queue: a read retried on the primary answers it; otherwise it is
          // answered with the error, with the ones after it, when the transaction settles.
          asks.unshift(ask);
          await side?.catch(() => undefined);
          throw (sideFailure as { error: unknown } | null)?.error ?? error;
        }
      }
    } finally {
      // A fetch or the side read still running (the consumer stopped early) ends before its transaction does.
      await merge.settle();
      await side?.catch(() => undefined);
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
