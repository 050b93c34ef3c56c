'use client';

import { useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { useDeleteDecayPolicyMutation } from '@/lib/client/use-delete-decay-policy-mutation';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Notice } from '../ui/Notice';
import { buttonStyles } from '../ui/styles';

export function DeletePolicyButton({ policyId }: { policyId: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteDecayPolicyMutation();
  const close = () => {
    setOpen(false);
    remove.reset();
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={`${buttonStyles.dangerOutline} px-2.5 py-1 text-xs`} aria-label={`Delete policy ${policyId}`}>
        Delete
      </button>
      <ConfirmDialog open={open} title="Delete this policy?" confirmLabel="Delete policy" pending={remove.isPending} onCancel={close} onConfirm={() => remove.mutate(policyId, { onSuccess: close })}>
        <p>
          Policy <span className="font-mono wrap-anywhere">{policyId}</span> stops applying from the next sweep. Facts it already decayed stay as they are.
        </p>
        {remove.isError ? (
          <div className="mt-3">
            <Notice tone="error">{errorDetail(remove.error)}</Notice>
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
