'use client';

import { type ReactNode, useEffect, useRef } from 'react';

const widths = { md: 'max-w-md', lg: 'max-w-lg', '3xl': 'max-w-3xl' };

/**
 * A modal on the native <dialog>: focus is trapped and Escape cancels, for free; while `pending`
 * Escape does nothing, so a write in flight is never abandoned half-way. The caller owns `open`;
 * the content is rendered only while open, so each opening starts fresh.
 */
export function ModalDialog({
  open,
  pending = false,
  onCancel,
  labelledBy,
  describedBy,
  testId,
  width = 'md',
  children,
}: {
  open: boolean;
  pending?: boolean;
  onCancel: () => void;
  labelledBy: string;
  describedBy?: string;
  testId?: string;
  width?: keyof typeof widths;
  children: ReactNode;
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
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
      className={`m-auto w-full ${widths[width]} rounded-xl border border-slate-200 bg-white p-0 text-left text-slate-900 shadow-xl backdrop:bg-slate-900/40`}
    >
      {open ? children : null}
    </dialog>
  );
}
