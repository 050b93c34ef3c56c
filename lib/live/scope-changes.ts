import 'server-only';
import { EventEmitter } from 'node:events';
import { readChangeBaseline } from '../changes/read-changes';
import { FACT_SCOPES } from '../facts/scope';
import { logger } from '../observability/logger';

// Live health (docs/decisions.md § Live updates): the counters that every write path, health run and
// alert moves by trigger in its own transaction (scope_revisions, scope_activity; what GET
// /v1/changes reads) are read by this process once a second while any page listens — one query of
// index reads, whatever the number of open pages, and from whichever instance the change came —
// and each scope whose counters moved is handed to the subscribers (the GET /api/live streams).
// Not LISTEN/NOTIFY: a notifying transaction takes a database-wide lock through its commit, which
// would serialize every writer's commit (docs/decisions.md § Parallel writes).

/** How often the counters are read while anyone listens. */
export const WATCH_MS = 1_000;

interface Watching {
  emitter: EventEmitter;
  timer: NodeJS.Timeout | null;
  /** The read under way, which a new subscriber waits for. */
  reading: Promise<void> | null;
  /** The counters last read, per scope (`*`: rules and mutes of every scope). */
  last: Map<string, string> | null;
}

// On globalThis, as the database client: Next bundles this module into several chunks of one server.
const holder = globalThis as unknown as { __stigmemScopeChanges?: Watching };

function watching(): Watching {
  holder.__stigmemScopeChanges ??= { emitter: new EventEmitter().setMaxListeners(0), timer: null, reading: null, last: null };
  return holder.__stigmemScopeChanges;
}

function read(state: Watching): Promise<void> {
  state.reading ??= compare(state).finally(() => (state.reading = null));
  return state.reading;
}

async function compare(state: Watching): Promise<void> {
  try {
    const baseline = await readChangeBaseline(FACT_SCOPES);
    const now = new Map([...baseline.scopes.map((s) => [s.scope, `${s.revision}/${s.activity}`] as const), ['*', baseline.node_activity] as const]);
    const before = state.last;
    state.last = now;
    if (!before) return;
    for (const [scope, counters] of now) if (before.get(scope) !== counters) state.emitter.emit('change', scope);
  } catch (error) {
    logger().warn({ err: error }, 'reading the change counters for live updates failed; trying again');
  }
}

/**
 * Calls `onChange(scope)` when a scope's counters moved (several changes within a second are told
 * as one; `*` stands for every scope). Resolves, with the unsubscribe function, once the counters
 * it compares against have been read: a change committed after that is told.
 */
export async function subscribeChanges(onChange: (scope: string) => void): Promise<() => void> {
  const state = watching();
  state.emitter.on('change', onChange);
  if (!state.timer) {
    state.last = null;
    state.timer = setInterval(() => void read(state), WATCH_MS);
    state.timer.unref();
  }
  if (!state.last) await read(state);
  return () => {
    state.emitter.off('change', onChange);
    if (state.emitter.listenerCount('change') === 0 && state.timer) {
      clearInterval(state.timer);
      state.timer = null;
      state.last = null;
    }
  };
}
