'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { useRetractFactMutation } from '@/lib/client/use-retract-fact-mutation';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Notice } from '../ui/Notice';
import { buttonStyles } from '../ui/styles';

/**
 * Retracts one fact's value after a confirmation (confidence 0, source = the signed-in key's
 * entity), then reloads the page's findings: the dialog stays busy until the new list is in.
 */
export function RetractButton({ factId, source, label, title, children }: { factId: string; source: string; label: string; title: string; children: React.ReactNode }) {
  const router = useRouter();
  const retract = useRetractFactMutation();
  const [open, setOpen] = useState(false);
  const [refreshing, startRefresh] = useTransition();

  const confirm = () =>
    retract.mutate(
      { factId, source },
      {
        onSuccess: () =>
          startRefresh(() => {
            setOpen(false);
            router.refresh();
          }),
      },
    );

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={`${buttonStyles.dangerOutline} px-2.5 py-1 text-xs`}>
        {label}
      </button>
      <ConfirmDialog open={open} title={title} confirmLabel="Retract" pending={retract.isPending || refreshing} onConfirm={confirm} onCancel={() => setOpen(false)}>
        {children}
        {retract.error ? (
          <div className="mt-3">
            <Notice tone="error" title="Could not retract" testId="retract-error">
              {errorDetail(retract.error)}
            </Notice>
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
