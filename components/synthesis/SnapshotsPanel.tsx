'use client';

import { useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { useSnapshotsQuery } from '@/lib/synthesis/hooks/use-snapshots-query';
import { EmptyState } from '../ui/EmptyState';
import { Notice } from '../ui/Notice';
import { Skeleton } from '../ui/Skeleton';
import { cardStyles } from '../ui/styles';
import { SaveSnapshotForm } from './SaveSnapshotForm';
import { SnapshotDiffView } from './SnapshotDiffView';
import { SnapshotList } from './SnapshotList';

/** Save the scope's synthesis, list saved snapshots, tick two and see what changed between them. */
export function SnapshotsPanel({ scope, canWrite }: { scope: string; canWrite: boolean }) {
  const snapshots = useSnapshotsQuery(scope);
  const [selected, setSelected] = useState<string[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  const list = snapshots.data ?? [];
  // A deleted snapshot drops out of the selection.
  const picked = list.filter((s) => selected.includes(s.snapshot_id)).sort((a, b) => a.created_at.localeCompare(b.created_at));

  return (
    <div className="space-y-6">
      <section aria-labelledby="save-snapshot-title" className={`${cardStyles} p-4`}>
        <h2 id="save-snapshot-title" className="text-base font-semibold text-slate-900">
          Save a snapshot
        </h2>
        <p className="mb-3 text-sm text-slate-600">Keeps the current synthesis of scope “{scope}” (every entry, with its contradictions) to compare with later. Stored apart from the facts.</p>
        <SaveSnapshotForm scope={scope} canWrite={canWrite} onSaved={(s) => setSaved(s.label ?? s.snapshot_id)} />
        {saved ? (
          <div className="mt-3">
            <Notice tone="success" testId="snapshot-saved">
              Saved “{saved}”.
            </Notice>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="snapshot-list-title" className={cardStyles}>
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 id="snapshot-list-title" className="text-base font-semibold text-slate-900">
            Saved snapshots
          </h2>
          <span className="text-xs text-slate-500" aria-live="polite">
            {picked.length === 2 ? 'Comparing the two ticked snapshots (older → newer).' : `Tick two to compare (${picked.length}/2).`}
          </span>
        </div>
        {snapshots.isError ? (
          <div className="p-4">
            <Notice tone="error" title="Could not load the snapshots">
              {errorDetail(snapshots.error)}
            </Notice>
          </div>
        ) : snapshots.isPending ? (
          <div className="space-y-2 p-4" role="status" aria-live="polite">
            <span className="sr-only">Loading snapshots…</span>
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
        ) : (
          <SnapshotList
            snapshots={list}
            selected={selected}
            canWrite={canWrite}
            onToggle={(id, on) => setSelected((s) => (on ? [...s, id].slice(-2) : s.filter((x) => x !== id)))}
            empty={
              <div className="p-4">
                <EmptyState title="No snapshots yet" testId="snapshots-empty">
                  Save one above; save another later and compare them to see what changed.
                </EmptyState>
              </div>
            }
          />
        )}
      </section>

      {picked.length === 2 ? <SnapshotDiffView key={`${picked[0].snapshot_id}:${picked[1].snapshot_id}`} from={picked[0]} to={picked[1]} /> : null}
    </div>
  );
}
