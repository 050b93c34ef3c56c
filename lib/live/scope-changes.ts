import 'server-only';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { databaseKind, sharedPglite } from '../db/connection';
import { getDb, getPrimaryPool, onDbClose } from '../db/prisma';
import { logger } from '../observability/logger';

// Live health (docs/decisions.md § Live updates): every committed transaction that changed a scope
// signals `stigmem_scope_changed` with the scope's name (migration 20261127160000_scope_change_notify,
// from the triggers that move the scope's revision and its activity), whichever instance or write
// path wrote it. This
// process listens once — a connection of its own to the primary on PostgreSQL, the embedded
// database's own listener on PGlite — and hands each scope's changes to its subscribers (the
// dashboards' GET /api/live streams).

const CHANNEL = 'stigmem_scope_changed';
/** Wait before listening again after the listening connection broke. */
const RETRY_MS = 2_000;

interface Listening {
  emitter: EventEmitter;
  /** Resolves once LISTEN is in place; null when not listening (not yet, or the connection broke). */
  started: Promise<void> | null;
  stop?: () => Promise<void>;
}

// On globalThis, as the database client: Next bundles this module into several chunks of one server.
const holder = globalThis as unknown as { __stigmemScopeChanges?: Listening };

function listening(): Listening {
  if (!holder.__stigmemScopeChanges) {
    const state: Listening = { emitter: new EventEmitter().setMaxListeners(0), started: null };
    holder.__stigmemScopeChanges = state;
    onDbClose(async () => {
      const stop = state.stop;
      state.started = null;
      state.stop = undefined;
      await stop?.().catch(() => undefined);
    });
  }
  return holder.__stigmemScopeChanges;
}

async function listen(state: Listening): Promise<void> {
  await getDb();
  const emit = (payload: string | undefined) => payload && state.emitter.emit('change', payload);
  if (databaseKind() === 'pglite') {
    const unlisten = await sharedPglite().listen(CHANNEL, emit);
    state.stop = () => unlisten();
    return;
  }
  const pool = await getPrimaryPool();
  const client = new pg.Client({ connectionString: (pool!.options as pg.PoolConfig).connectionString });
  const broke = (error?: unknown) => {
    if (state.stop !== stop) return;
    state.started = null;
    state.stop = undefined;
    logger().warn({ err: error }, 'the live-update listener lost its connection; listening again');
    setTimeout(() => {
      if (state.emitter.listenerCount('change') > 0) void ensureListening();
    }, RETRY_MS).unref();
  };
  const stop = () => client.end();
  state.stop = stop;
  client.on('notification', (message) => message.channel === CHANNEL && emit(message.payload));
  client.on('error', broke);
  client.on('end', () => broke());
  await client.connect();
  await client.query(`LISTEN ${CHANNEL}`);
}

/** Starts listening (once per process); resolves when notifications will arrive. */
export function ensureListening(): Promise<void> {
  const state = listening();
  state.started ??= listen(state).catch((error: unknown) => {
    state.started = null;
    throw error;
  });
  return state.started;
}

/**
 * Calls `onChange(scope)` after every committed change of a scope from now on (several may be told
 * as one; `*` stands for every scope). Returns the unsubscribe function once listening is in place.
 */
export async function subscribeChanges(onChange: (scope: string) => void): Promise<() => void> {
  const state = listening();
  state.emitter.on('change', onChange);
  try {
    await ensureListening();
  } catch (error) {
    state.emitter.off('change', onChange);
    throw error;
  }
  return () => state.emitter.off('change', onChange);
}
