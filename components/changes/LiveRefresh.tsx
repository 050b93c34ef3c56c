'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useNodeChanges } from '@/lib/changes/hooks/use-node-changes';
import { type ChangeBaseline, type ChangeWatch, changedSince } from '@/lib/changes/view/changed-since';
import { buttonStyles } from '../ui/styles';

/** A scope that keeps changing re-renders an open page at most this often. */
const MIN_REFRESH_GAP_MS = 10_000;

function agoText(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  const min = Math.floor(s / 60);
  return min < 60 ? `${min} min ago` : `${Math.floor(min / 60)} h ago`;
}

function useTick(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * Keeps a server-rendered page current (docs/decisions.md § Live updates): the page reads a
 * `baseline` before its data; when GET /v1/changes (polled every few seconds while the tab is
 * visible) shows that what the page `watch`es moved since, the page re-renders from the server
 * (router.refresh, and the react-query keys under `invalidate`). `notifyOnly` (a scope whose view
 * is a lint job) only says so, with a button: re-linting it on every write would cost a job each.
 * The visible "Updated … ago" ticks; screen readers hear only that the page was updated.
 */
export function LiveRefresh({ baseline, watch, invalidate, notifyOnly = false }: { baseline: ChangeBaseline; watch: ChangeWatch; invalidate?: readonly string[]; notifyOnly?: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { changes, error, streaming } = useNodeChanges();
  const now = useTick(1_000);
  const [shownAt, setShownAt] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState('');
  const shownBaseline = useRef(baseline.as_of);
  const lastRefresh = useRef(0);
  const refreshedFor = useRef<string | null>(null);

  // A new baseline is a new render of the page from the server.
  useEffect(() => {
    if (shownBaseline.current === baseline.as_of) return;
    shownBaseline.current = baseline.as_of;
    setShownAt(Date.now());
    setAnnouncement(`Updated with the latest data at ${new Date().toLocaleTimeString('en-GB')}`);
  }, [baseline.as_of]);

  const stale = changes !== null && changedSince(baseline, changes, watch);
  const change = changes?.change ?? null;
  useEffect(() => {
    if (!stale || notifyOnly || change === null || refreshedFor.current === change) return;
    const timer = window.setTimeout(
      () => {
        refreshedFor.current = change;
        lastRefresh.current = Date.now();
        if (invalidate) void queryClient.invalidateQueries({ queryKey: [...invalidate] });
        startTransition(() => router.refresh());
      },
      Math.max(0, lastRefresh.current + MIN_REFRESH_GAP_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [stale, change, notifyOnly, invalidate, queryClient, router]);

  return (
    <div data-testid="live-status" data-stream={streaming ? 'open' : 'polling'} className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
      {error ? (
        <span data-testid="live-paused" className="inline-flex items-center gap-1.5 text-amber-800">
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-amber-500" />
          Live updates paused: {error} Retrying.
        </span>
      ) : (
        <span
          className="inline-flex items-center gap-1.5"
          title={streaming ? 'The node tells this page of each change as it commits.' : 'Asking the node for changes every 5 seconds (its live stream is not open).'}
        >
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-500" />
          Live
        </span>
      )}
      <span data-testid="live-updated" suppressHydrationWarning>
        Updated {agoText(Math.max(0, now - shownAt))}
      </span>
      {notifyOnly && stale ? (
        <button type="button" onClick={() => startTransition(() => router.refresh())} className={buttonStyles.secondary} data-testid="live-changed">
          Changed since shown: refresh
        </button>
      ) : null}
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </div>
  );
}
