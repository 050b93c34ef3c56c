'use client';

import { type ReactNode, useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { ConfirmDialog } from './ConfirmDialog';
import { Notice } from './Notice';
import { buttonStyles } from './styles';

const triggers = {
  danger: `${buttonStyles.dangerOutline} px-2.5 py-1 text-xs`,
  secondary: `${buttonStyles.secondary} px-2.5 py-1 text-xs`,
};

/**
 * A small row button that asks first (Delete, Revoke, Retract, …): it opens a ConfirmDialog whose
 * body is `children`, and `onConfirm(close)` runs the mutation, calling `close` when it is done.
 * A failed mutation's error shows inside the dialog; `onClose` runs whenever the dialog closes
 * (to reset the mutation, so the next opening starts clean).
 */
export function ConfirmActionButton({
  label,
  ariaLabel,
  tone = 'danger',
  title,
  confirmLabel,
  pending,
  error,
  errorTitle,
  errorTestId,
  onConfirm,
  onClose,
  children,
}: {
  label: string;
  ariaLabel?: string;
  tone?: keyof typeof triggers;
  title: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  errorTitle?: string;
  errorTestId?: string;
  onConfirm: (close: () => void) => void;
  onClose?: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    onClose?.();
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={triggers[tone]} aria-label={ariaLabel}>
        {label}
      </button>
      <ConfirmDialog open={open} title={title} confirmLabel={confirmLabel} pending={pending} onCancel={close} onConfirm={() => onConfirm(close)}>
        {children}
        {error ? (
          <div className="mt-3">
            <Notice tone="error" title={errorTitle} testId={errorTestId}>
              {errorDetail(error)}
            </Notice>
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
