'use client';

import type { SnapshotRecord } from '@/lib/synthesis/snapshots';
import { DateTime } from '../ui/DateTime';
import { DeleteSnapshotButton } from './DeleteSnapshotButton';

/** Saved snapshots, newest first; tick two to compare them. */
export function SnapshotList({ snapshots, selected, onToggle, canWrite }: { snapshots: SnapshotRecord[]; selected: string[]; onToggle: (id: string, on: boolean) => void; canWrite: boolean }) {
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="snapshot-list">
        <caption className="sr-only">Saved snapshots</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-10 px-4 py-3"><span className="sr-only">Compare</span></th>
            <th scope="col" className="px-4 py-3">Label</th>
            <th scope="col" className="px-4 py-3">Saved</th>
            <th scope="col" className="px-4 py-3">By</th>
            <th scope="col" className="px-4 py-3 text-right">Entries</th>
            <th scope="col" className="px-4 py-3 text-right">Contradicted</th>
            {canWrite ? <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th> : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {snapshots.map((s) => {
            const checked = selected.includes(s.snapshot_id);
            const name = s.label ?? `snapshot of ${s.created_at.slice(0, 19).replace('T', ' ')} UTC`;
            return (
              <tr key={s.snapshot_id} data-testid="snapshot-row" data-snapshot-id={s.snapshot_id} className={checked ? 'bg-indigo-50/60' : undefined}>
                <td className="px-4 py-3">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && selected.length >= 2}
                    onChange={(e) => onToggle(s.snapshot_id, e.target.checked)}
                    aria-label={`Compare ${name}`}
                    className="h-4 w-4 accent-indigo-600"
                  />
                </td>
                <td className="max-w-72 min-w-40 px-4 py-3 wrap-anywhere">{s.label ?? <span className="text-slate-500">(no label)</span>}</td>
                <td className="px-4 py-3 text-slate-600">
                  <DateTime iso={s.created_at} />
                </td>
                <td className="max-w-56 min-w-40 px-4 py-3 font-mono text-xs wrap-anywhere text-slate-600">{s.created_by}</td>
                <td className="px-4 py-3 text-right tabular-nums">{s.entry_count.toLocaleString('en-US')}</td>
                <td className="px-4 py-3 text-right tabular-nums">{s.contradiction_count ? <span className="font-semibold text-orange-700">{s.contradiction_count.toLocaleString('en-US')}</span> : '0'}</td>
                {canWrite ? (
                  <td className="px-4 py-3 text-right">
                    <DeleteSnapshotButton snapshot={s} name={name} />
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
