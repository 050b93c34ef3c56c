import type { SqlDriverAdapter, SqlQueryable } from '@prisma/driver-adapter-utils';

// The embedded database runs in this process's main thread: a statement is one synchronous call
// into WebAssembly, and its promise settles as a microtask. A request that runs several statements
// in a row (the health overview: four scopes, two aggregates each) is then one unbroken chain of
// microtasks, and nothing queued as a macrotask runs until it ends — not React's rendering (which
// schedules its work with setImmediate), not a stream's flush, not another request. Measured on a
// built server with 100k facts: the overview's shell, ready after 60 ms, went out with the last
// card after 2.3 s (docs/decisions.md § Dashboard look and first minutes). So before each statement
// the adapter lets the event loop turn until a turn finds nothing else to run: React renders and
// sends a page's shell, streams drain, other requests get their turn. A statement that is already
// running still blocks. When nothing else waits this costs a few turns of microseconds each.

/** Turns before each statement at least (React's render and flush are a few macrotasks in a row). */
export const MIN_TURNS = 3;
/** At most: a busy server still gets to its statement. */
export const MAX_TURNS = 64;
/** A turn that comes back this fast ran nothing else: the loop is idle. */
const IDLE_TURN_MS = 0.05;

/** Resolves once the event loop has turned MIN_TURNS times and then once with nothing else to run (at most MAX_TURNS turns). */
export async function turnEventLoop(): Promise<void> {
  for (let turn = 1; turn <= MAX_TURNS; turn++) {
    const started = performance.now();
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (turn >= MIN_TURNS && performance.now() - started < IDLE_TURN_MS) return;
  }
}

function yieldBefore(queryable: SqlQueryable): void {
  const queryRaw = queryable.queryRaw.bind(queryable);
  const executeRaw = queryable.executeRaw.bind(queryable);
  queryable.queryRaw = async (query) => {
    await turnEventLoop();
    return queryRaw(query);
  };
  queryable.executeRaw = async (query) => {
    await turnEventLoop();
    return executeRaw(query);
  };
}

/** Makes an adapter (and every transaction it starts) turn the event loop before each statement. */
export function yieldBetweenStatements(adapter: SqlDriverAdapter): SqlDriverAdapter {
  yieldBefore(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => {
    const transaction = await startTransaction(isolationLevel);
    yieldBefore(transaction);
    return transaction;
  };
  return adapter;
}
