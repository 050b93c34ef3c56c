'use client';

import { errorDetail } from '@/lib/client/api-client';
import { DIFF_KINDS, type DiffKind, useSnapshotDiffQuery } from '@/lib/synthesis/hooks/use-snapshot-diff-query';
import type { SnapshotRecord } from '@/lib/synthesis/snapshots';
import { DateTime } from '../ui/DateTime';
import { EmptyState } from '../ui/EmptyState';
import { Notice } from '../ui/Notice';
import { Skeleton } from '../ui/Skeleton';
import { SnapshotDiffKind } from './SnapshotDiffKind';

export const DIFF_TITLES: Record<DiffKind, string> = {
  added: 'Added',
  removed: 'Removed',
  value_changed: 'Value changed',
  newly_contradicted: 'Newly contradicted',
  no_longer_contradicted: 'No longer contradicted',
};

const snapshotName = (s: SnapshotRecord) => s.label ?? 'unlabelled snapshot';

/** What changed from the older snapshot to the newer one. */
export function SnapshotDiffView({ from, to }: { from: SnapshotRecord; to: SnapshotRecord }) {
  const diff = useSnapshotDiffQuery({ from: from.snapshot_id, to: to.snapshot_id });
  return (
    <section aria-labelledby="diff-title" className="space-y-3" data-testid="snapshot-diff">
      <h3 id="diff-title" className="text-base font-semibold text-slate-900">
        Changes from <span className="wrap-anywhere">“{snapshotName(from)}”</span> to <span className="wrap-anywhere">“{snapshotName(to)}”</span>
      </h3>
      <p className="text-xs text-slate-500">
        <DateTime iso={from.created_at} /> → <DateTime iso={to.created_at} />
      </p>
      {diff.isError ? (
        <Notice tone="error" title="Could not compare the snapshots">
          {errorDetail(diff.error)}
        </Notice>
      ) : !diff.data ? (
        <div role="status" aria-live="polite" className="space-y-2">
          <span className="sr-only">Comparing…</span>
          <Skeleton className="h-10" />
          <Skeleton className="h-32" />
        </div>
      ) : (
        <>
          <ul className="flex flex-wrap gap-2" aria-label="Changes by kind" data-testid="diff-counts">
            {DIFF_KINDS.map((kind) => (
              <li key={kind} className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset ${diff.data.counts[kind] ? 'bg-indigo-50 text-indigo-800 ring-indigo-600/30' : 'bg-slate-50 text-slate-500 ring-slate-300'}`}>
                {DIFF_TITLES[kind]}: <span className="tabular-nums">{diff.data.counts[kind].toLocaleString('en-US')}</span>
              </li>
            ))}
          </ul>
          {DIFF_KINDS.every((kind) => !diff.data.counts[kind]) ? (
            <EmptyState title="No changes" testId="diff-empty">
              The two snapshots hold the same entries with the same values and contradictions.
            </EmptyState>
          ) : (
            DIFF_KINDS.filter((kind) => diff.data.counts[kind]).map((kind) => <SnapshotDiffKind key={kind} kind={kind} title={DIFF_TITLES[kind]} rows={diff.data[kind]} total={diff.data.counts[kind]} />)
          )}
        </>
      )}
    </section>
  );
}
