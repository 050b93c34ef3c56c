'use client';

import type { BulkItem } from '@/lib/conflicts/view/bulk-accept';
import { type Column, DataTable } from '../ui/DataTable';
import { ModalDialog } from '../ui/ModalDialog';
import { ValueText } from '../ui/ValueText';
import { buttonStyles } from '../ui/styles';

const columns: Column<BulkItem>[] = [
  { key: 'entity', header: 'Entity', className: 'max-w-56 font-mono text-xs wrap-anywhere', cell: (item) => item.entity },
  { key: 'relation', header: 'Relation', className: 'max-w-40 font-mono text-xs wrap-anywhere', cell: (item) => item.relation },
  {
    key: 'kept',
    header: 'Kept value',
    className: 'max-w-64',
    cell: (item) => (
      <>
        <span className="mr-1 text-xs font-semibold text-slate-500">{item.index + 1}</span>
        <ValueText text={item.keptValue} />
      </>
    ),
  },
  { key: 'basis', header: 'Basis', cell: (item) => item.basis },
];

/**
 * The confirmation of a bulk accept: exactly what will change, one line per contradiction (entity,
 * relation, kept value, basis). Native <dialog>: focus stays inside, Escape cancels.
 */
export function BulkAcceptDialog({
  items,
  progress,
  onConfirm,
  onCancel,
}: {
  items: BulkItem[] | null;
  progress: { done: number; total: number } | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const pending = progress !== null;
  const count = items?.length ?? 0;
  const noun = count === 1 ? 'suggestion' : 'suggestions';
  return (
    <ModalDialog open={items !== null} pending={pending} onCancel={onCancel} labelledBy="bulk-accept-title" describedBy="bulk-accept-description" testId="bulk-accept-dialog" width="3xl">
      <div className="p-6">
        <h2 id="bulk-accept-title" className="text-lg font-semibold">
          Accept {count} {noun}?
        </h2>
        <p id="bulk-accept-description" className="mt-1 text-sm text-slate-600">
          Each contradiction is resolved by keeping the suggested value (re-asserted with confidence 1.0 by you); every other live value of its triple is retracted,
          and the values decided will not contradict again during the cooldown.
        </p>
        <DataTable
          columns={columns}
          rows={items ?? []}
          rowKey={(item) => item.conflictId}
          rowProps={() => ({ 'data-testid': 'bulk-accept-item' })}
          caption="What will change"
          variant="inset"
          density="compact"
          stickyHeader
          maxHeight="max-h-80"
          className="mt-4 rounded-lg border border-slate-200"
        />
        <p aria-live="polite" className="mt-3 min-h-5 text-sm text-slate-600">
          {progress ? `Accepting ${Math.min(progress.done + 1, progress.total)} of ${progress.total}…` : null}
        </p>
        <div className="mt-3 flex justify-end gap-2">
          <button type="button" onClick={onCancel} disabled={pending} className={buttonStyles.secondary} autoFocus>
            Cancel
          </button>
          <button type="button" onClick={onConfirm} disabled={pending} className={buttonStyles.primary}>
            {pending ? 'Accepting…' : `Accept ${count} ${noun}`}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
