'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { useRetractFactMutation } from '@/lib/facts/hooks/use-retract-fact-mutation';
import { ConfirmActionButton } from '../ui/ConfirmActionButton';

/**
 * Retracts one fact's value after a confirmation (confidence 0, source = the signed-in key's
 * entity), then reloads the page's findings: the dialog stays busy until the new list is in.
 */
export function RetractButton({ factId, source, label, ariaLabel, title, children }: { factId: string; source: string; label: string; ariaLabel?: string; title: string; children: React.ReactNode }) {
  const router = useRouter();
  const retract = useRetractFactMutation();
  const [refreshing, startRefresh] = useTransition();
  return (
    <ConfirmActionButton
      label={label}
      ariaLabel={ariaLabel}
      title={title}
      confirmLabel="Retract"
      pending={retract.isPending || refreshing}
      error={retract.error}
      errorTitle="Could not retract"
      errorTestId="retract-error"
      onConfirm={(close) =>
        retract.mutate(
          { factId, source },
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
      {children}
    </ConfirmActionButton>
  );
}
