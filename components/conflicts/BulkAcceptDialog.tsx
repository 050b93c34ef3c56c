'use client';

import { useEffect, useRef } from 'react';
import type { BulkItem } from '@/lib/review-ui/bulk-accept';
import { ValueText } from '../ui/ValueText';
import { buttonStyles } from '../ui/styles';

/**
 * The confirmation of a bulk accept: exactly what will change, one line per conflict (entity,
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
  const ref = useRef<HTMLDialogElement>(null);
  const open = items !== null;
  const pending = progress !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const count = items?.length ?? 0;
  const noun = count === 1 ? 'suggestion' : 'suggestions';
  return (
    <dialog
      ref={ref}
      aria-labelledby="bulk-accept-title"
      aria-describedby="bulk-accept-description"
      data-testid="bulk-accept-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
      className="m-auto w-full max-w-3xl rounded-xl border border-slate-200 bg-white p-0 text-left text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      {items ? (
        <div className="p-6">
          <h2 id="bulk-accept-title" className="text-lg font-semibold">
            Accept {count} {noun}?
          </h2>
          <p id="bulk-accept-description" className="mt-1 text-sm text-slate-600">
            Each conflict is resolved by keeping the suggested value (re-asserted with confidence 1.0 by you); the other value is retracted, and the pair will not
            come back during its cooldown.
          </p>
          <div className="relative mt-4 max-h-80 overflow-y-auto rounded-lg border border-slate-200">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">What will change</caption>
              <thead className="sticky top-0 bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">Entity</th>
                  <th scope="col" className="px-3 py-2">Relation</th>
                  <th scope="col" className="px-3 py-2">Kept value</th>
                  <th scope="col" className="px-3 py-2">Basis</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 align-top">
                {items.map((item) => (
                  <tr key={item.conflictId} data-testid="bulk-accept-item">
                    <td className="max-w-56 px-3 py-2 font-mono text-xs wrap-anywhere">{item.entity}</td>
                    <td className="max-w-40 px-3 py-2 font-mono text-xs wrap-anywhere">{item.relation}</td>
                    <td className="max-w-64 px-3 py-2">
                      <span className="mr-1 text-xs font-semibold text-slate-500">{item.side}</span>
                      <ValueText text={item.keptValue} />
                    </td>
                    <td className="px-3 py-2">{item.basis}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
      ) : null}
    </dialog>
  );
}
