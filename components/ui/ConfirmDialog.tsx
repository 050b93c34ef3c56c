'use client';

import { type ReactNode, useEffect, useRef } from 'react';
import { buttonStyles } from './styles';

/**
 * A modal confirmation on the native <dialog>: focus is trapped and Escape cancels, for free.
 * The caller owns `open`; the dialog reports cancel and confirm.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pending = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
      className="m-auto w-full max-w-md rounded-xl text-left border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      {open ? (
        <div className="p-6">
          <h2 id="confirm-dialog-title" className="text-lg font-semibold">
            {title}
          </h2>
          <div className="mt-2 text-sm text-slate-600">{children}</div>
          <div className="mt-6 flex justify-end gap-2">
            <button type="button" onClick={onCancel} disabled={pending} className={buttonStyles.secondary} autoFocus>
              Cancel
            </button>
            <button type="button" onClick={onConfirm} disabled={pending} className={buttonStyles.danger}>
              {pending ? 'Working…' : confirmLabel}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
