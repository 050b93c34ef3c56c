import { Prisma } from '../generated/prisma/client';
import type { Tx } from './prisma';
import { readOnly } from './read-only';

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
  /** Rows per FETCH. */
  batchSize: number;
  /** Turns a batch of rows into what the consumer gets, in the same transaction (e.g. loads the facts they name). */
  map: (tx: Tx, rows: Row[]) => Promise<Out[]> | Out[];
  /** What follows the last row, read in the same snapshot (a synthesis's totals): appended to the last batch. */
  finish?: (tx: Tx) => Promise<Out[]>;
  /** The transaction's timeout, for background reads (read-only.ts); default a request's. */
  timeoutMs?: number;
}

/** The rows of `query` in batches of at most `batchSize`, read through a cursor as the consumer asks for them. */
export async function* readCursor<Row, Out = Row>(query: Prisma.Sql, options: ReadCursorOptions<Row, Out>): AsyncGenerator<Out[]> {
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

  const transaction = readOnly(async (tx) => {
    // A cursor is planned for its first 10 % of rows by default (cursor_tuple_fraction), which favours
    // plans that start fast and finish slow; these downloads read every row.
    await tx.$executeRaw`SELECT set_config('cursor_tuple_fraction', '1', true)`;
    await tx.$executeRaw(Prisma.sql`DECLARE read_cursor NO SCROLL CURSOR FOR ${query}`);
    const fetchSql = Prisma.sql`FETCH ${Prisma.raw(String(options.batchSize))} FROM read_cursor`;
    for (;;) {
      while (!stopped && !asks.length) await new Promise<void>((resolve) => (wake = resolve));
      if (stopped) return;
      const ask = asks.shift()!;
      try {
        const rows = await tx.$queryRaw<Row[]>(fetchSql);
        const last = rows.length < options.batchSize;
        const out = rows.length ? await options.map(tx, rows) : [];
        if (last && options.finish) out.push(...(await options.finish(tx)));
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
