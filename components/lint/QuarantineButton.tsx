'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, useTransition } from 'react';
import { useSendToQuarantineMutation } from '@/lib/quarantine/hooks/use-quarantine-mutations';
import { ConfirmActionButton } from '../ui/ConfirmActionButton';
import { TextField } from '../ui/TextField';

/**
 * Sends one fact to quarantine (Spec-08, POST /v1/quarantine) with a reason the moderator may edit,
 * then reloads the page's findings: the value leaves every read until someone admits it on the
 * Quarantine page.
 */
export function QuarantineButton({ factId, defaultReason, what, ariaLabel }: { factId: string; defaultReason: string; what: React.ReactNode; ariaLabel?: string }) {
  const router = useRouter();
  const send = useSendToQuarantineMutation();
  const [reason, setReason] = useState(defaultReason);
  const [refreshing, startRefresh] = useTransition();
  const id = useId();
  return (
    <ConfirmActionButton
      label="Quarantine"
      ariaLabel={ariaLabel}
      tone="secondary"
      title="Send this value to quarantine?"
      confirmLabel="Quarantine"
      pending={send.isPending || refreshing}
      error={send.error}
      errorTitle="Could not quarantine"
      errorTestId="quarantine-error"
      onClose={() => send.reset()}
      onConfirm={(close) =>
        send.mutate(
          { factId, reason: reason.trim() || defaultReason },
          {
            onSuccess: () =>
              startRefresh(() => {
                close();
                router.refresh();
              }),
          },
        )
      }
    >
      <p>
        This takes {what} out of facts, recall, synthesis, context and lint until a moderator admits it on the Quarantine page; rejecting it there retracts it for
        good. Nothing is deleted.
      </p>
      <TextField id={`${id}-reason`} label="Reason" className="mt-3" value={reason} maxLength={2000} onChange={(e) => setReason(e.target.value)} />
    </ConfirmActionButton>
  );
}
