'use client';

import { useSyncExternalStore } from 'react';
import { apiFetch, errorDetail } from '@/lib/client/api-client';
import type { NodeChanges } from '../view/changed-since';

// One poll of GET /v1/changes per browser tab, however many parts of the page watch it (the page's
// live refresh and the header's alert count): a module-level store that polls while something is
// subscribed and the tab is visible, and at once when the tab comes back.

/** How often an open page asks whether anything changed. */
export const POLL_MS = 5_000;

export interface ChangesState {
  changes: NodeChanges | null;
  /** When the browser last heard from the node (ms since the epoch), or null. */
  checkedAt: number | null;
  /** The last poll's failure, cleared by the next success. */
  error: string | null;
}

const INITIAL: ChangesState = { changes: null, checkedAt: null, error: null };
let state = INITIAL;
const listeners = new Set<() => void>();
let timer: number | undefined;
let inFlight = false;

function emit(next: ChangesState) {
  state = next;
  for (const listener of listeners) listener();
}

async function poll() {
  if (inFlight || document.visibilityState === 'hidden') return;
  inFlight = true;
  try {
    emit({ changes: await apiFetch<NodeChanges>('/v1/changes'), checkedAt: Date.now(), error: null });
  } catch (error) {
    emit({ ...state, error: errorDetail(error) });
  } finally {
    inFlight = false;
  }
}

const onVisibility = () => {
  if (document.visibilityState === 'visible') void poll();
};

const start = () => {
  if (listeners.size === 0 || timer !== undefined) return;
  void poll();
  timer = window.setInterval(() => void poll(), POLL_MS);
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
      document.removeEventListener('visibilitychange', onVisibility);
    }
  };
}

/** The node's latest answer to "what changed", polled every POLL_MS while the tab is visible. */
export function useNodeChanges(): ChangesState {
  return useSyncExternalStore(subscribe, () => state, () => INITIAL);
}
