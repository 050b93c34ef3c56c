'use client';

import { useSyncExternalStore } from 'react';
import { apiFetch, errorDetail } from '@/lib/client/api-client';
import type { NodeChanges } from '../view/changed-since';

// One poll of GET /v1/changes per browser tab, however many parts of the page watch it (the page's
// live refresh and the header's alert count): a module-level store that polls while something is
// subscribed and the tab is visible, and at once when the tab comes back. Beside it, the tab listens
// to GET /api/live (server-sent events): when the node says something of the tab's scopes changed,
// it polls at once instead of at its next turn (docs/decisions.md § Live updates). The timer stays,
// less often while the stream is open, for what no write signals (a value expiring).

/** How often an open page asks whether anything changed, without the live stream. */
export const POLL_MS = 5_000;
/** The same while the live stream is open: it tells of every change but expiry. */
export const STREAMING_POLL_MS = 30_000;

export interface ChangesState {
  changes: NodeChanges | null;
  /** When the browser last heard from the node (ms since the epoch), or null. */
  checkedAt: number | null;
  /** The last poll's failure, cleared by the next success. */
  error: string | null;
  /** Whether the node's live stream is open (changes are told as they commit), or the tab only polls. */
  streaming: boolean;
}

const INITIAL: ChangesState = { changes: null, checkedAt: null, error: null, streaming: false };
let state = INITIAL;
const listeners = new Set<() => void>();
let timer: number | undefined;
let inFlight = false;
/** A change was told while a poll was in flight: poll again when it ends. */
let again = false;
let stream: EventSource | null = null;

function emit(next: ChangesState) {
  state = next;
  for (const listener of listeners) listener();
}

async function poll() {
  if (document.visibilityState === 'hidden') return;
  if (inFlight) {
    again = true;
    return;
  }
  inFlight = true;
  try {
    const changes = await apiFetch<NodeChanges>('/v1/changes');
    // The state as it is now, not as it was when the request went out (the stream may have opened meanwhile).
    emit({ ...state, changes, checkedAt: Date.now(), error: null });
  } catch (error) {
    emit({ ...state, error: errorDetail(error) });
  } finally {
    inFlight = false;
    if (again) {
      again = false;
      void poll();
    }
  }
}

function schedule(ms: number) {
  window.clearInterval(timer);
  timer = window.setInterval(() => void poll(), ms);
}

/** Listens to the node's change stream; the browser reconnects it by itself after a failure. */
function listen() {
  if (typeof EventSource === 'undefined') return;
  stream = new EventSource('/api/live');
  stream.addEventListener('ready', () => {
    emit({ ...state, streaming: true });
    schedule(STREAMING_POLL_MS);
    // What changed while the stream was down.
    void poll();
  });
  stream.addEventListener('changed', () => void poll());
  stream.addEventListener('error', () => {
    if (!state.streaming) return;
    emit({ ...state, streaming: false });
    schedule(POLL_MS);
  });
}

const onVisibility = () => {
  if (document.visibilityState === 'visible') void poll();
};

const start = () => {
  if (listeners.size === 0 || timer !== undefined) return;
  void poll();
  schedule(POLL_MS);
  listen();
  document.addEventListener('visibilitychange', onVisibility);
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Not before the document has loaded: the page's streamed sections are still arriving until then,
  // and a refresh that a change would trigger must not race them (a boundary refreshed before its
  // streamed content landed can end up shown twice).
  if (listeners.size === 1) {
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('load', start);
      window.clearInterval(timer);
      timer = undefined;
      stream?.close();
      stream = null;
      state = { ...state, streaming: false };
      document.removeEventListener('visibilitychange', onVisibility);
    }
  };
}

/** The node's latest answer to "what changed": asked when the live stream tells of a change, and every POLL_MS (STREAMING_POLL_MS with the stream) while the tab is visible. */
export function useNodeChanges(): ChangesState {
  return useSyncExternalStore(subscribe, () => state, () => INITIAL);
}
