'use client';

import type { ReactNode } from 'react';
import { ModalDialog } from './ModalDialog';
import { buttonStyles } from './styles';

/** A modal yes/no for a destructive step. The caller owns `open`; the dialog reports cancel and confirm. */
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
  return (
    <ModalDialog open={open} pending={pending} onCancel={onCancel} labelledBy="confirm-dialog-title">
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
    </ModalDialog>
  );
}
