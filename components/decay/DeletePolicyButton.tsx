'use client';

import { useDeleteDecayPolicyMutation } from '@/lib/decay/hooks/use-delete-decay-policy-mutation';
import { ConfirmActionButton } from '../ui/ConfirmActionButton';

export function DeletePolicyButton({ policyId }: { policyId: string }) {
  const remove = useDeleteDecayPolicyMutation();
  return (
    <ConfirmActionButton
      label="Delete"
      ariaLabel={`Delete policy ${policyId}`}
      title="Delete this policy?"
      confirmLabel="Delete policy"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={(close) => remove.mutate(policyId, { onSuccess: close })}
      onClose={remove.reset}
    >
      <p>
        Policy <span className="font-mono wrap-anywhere">{policyId}</span> stops applying from the next sweep. Facts it already decayed stay as they are.
      </p>
    </ConfirmActionButton>
  );
}
