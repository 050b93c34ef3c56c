'use client';

import type { ReactNode } from 'react';
import type { SnapshotRecord } from '@/lib/synthesis/snapshots';
import { type Column, DataTable } from '../ui/DataTable';
import { DateTime } from '../ui/DateTime';
import { DeleteSnapshotButton } from './DeleteSnapshotButton';

const snapshotName = (s: SnapshotRecord) => s.label ?? `snapshot of ${s.created_at.slice(0, 19).replace('T', ' ')} UTC`;

/** Saved snapshots, newest first; tick two to compare them. */
export function SnapshotList({
  snapshots,
  selected,
  onToggle,
  canWrite,
  empty,
}: {
  snapshots: SnapshotRecord[];
  selected: string[];
  onToggle: (id: string, on: boolean) => void;
  canWrite: boolean;
  empty: ReactNode;
}) {
  const columns: Column<SnapshotRecord>[] = [
    {
      key: 'compare',
      header: 'Compare',
      srOnlyHeader: true,
      headerClassName: 'w-10',
      cell: (s) => {
        const checked = selected.includes(s.snapshot_id);
        return (
          <input
            type="checkbox"
            checked={checked}
            disabled={!checked && selected.length >= 2}
            onChange={(e) => onToggle(s.snapshot_id, e.target.checked)}
            aria-label={`Compare ${snapshotName(s)}`}
            className="h-4 w-4 accent-indigo-600"
          />
        );
      },
    },
    { key: 'label', header: 'Label', className: 'max-w-72 min-w-40 wrap-anywhere', cell: (s) => s.label ?? <span className="text-slate-500">(no label)</span> },
    { key: 'saved', header: 'Saved', className: 'text-slate-600', cell: (s) => <DateTime iso={s.created_at} /> },
    { key: 'by', header: 'By', className: 'max-w-56 min-w-40 font-mono text-xs wrap-anywhere text-slate-600', cell: (s) => s.created_by },
    { key: 'entries', header: 'Entries', align: 'right', className: 'tabular-nums', cell: (s) => s.entry_count.toLocaleString('en-US') },
    {
      key: 'contradicted',
      header: 'Contradicted',
      align: 'right',
      className: 'tabular-nums',
      cell: (s) => (s.contradiction_count ? <span className="font-semibold text-orange-700">{s.contradiction_count.toLocaleString('en-US')}</span> : '0'),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={snapshots}
      rowKey={(s) => s.snapshot_id}
      rowProps={(s) => ({ 'data-testid': 'snapshot-row', 'data-snapshot-id': s.snapshot_id, className: selected.includes(s.snapshot_id) ? 'bg-indigo-50/60' : undefined })}
      caption="Saved snapshots"
      testId="snapshot-list"
      empty={empty}
      variant="inset"
      rowActions={canWrite ? (s) => <DeleteSnapshotButton snapshot={s} name={snapshotName(s)} /> : undefined}
    />
  );
}
