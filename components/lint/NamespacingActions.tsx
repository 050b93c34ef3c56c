'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { usePrefixRelationMutation } from '@/lib/lint/hooks/use-prefix-relation-mutation';
import { ConfirmActionButton } from '../ui/ConfirmActionButton';
import { inputStyles, labelStyles } from '../ui/styles';
import { rowActionName } from '@/lib/lint/view/row-action-name';

/** A bare relation (Spec-20 namespacing): move its live values under a prefixed relation, then retract the bare ones. */
export function NamespacingActions({ scope, factIds, entity, relation, suggested, source }: { scope: string; factIds: string[]; entity: string; relation: string; suggested: string; source: string }) {
  const router = useRouter();
  const move = usePrefixRelationMutation();
  const [target, setTarget] = useState(suggested);
  const [refreshing, startRefresh] = useTransition();
  const valid = /^[^:\s]+:\S+$/.test(target);

  return (
    <ConfirmActionButton
      label="Move to a prefixed relation"
      ariaLabel={rowActionName('Move to a prefixed relation', { entity, relation })}
      tone="secondary"
      title="Move to a prefixed relation?"
      confirmLabel="Move"
      pending={move.isPending || refreshing}
      error={move.error}
      errorTitle="Could not move the values"
      errorTestId="namespacing-error"
      onConfirm={(close) => {
        if (!valid) return;
        move.mutate(
          { factIds, relation: target, source },
          {
            onSuccess: () =>
              startRefresh(() => {
                close();
                router.refresh();
              }),
          },
        );
      }}
    >
      <p>
        Asserts the {factIds.length === 1 ? 'value' : `${factIds.length} values`} of <span className="font-mono wrap-anywhere">{relation}</span> on{' '}
        <span className="font-mono wrap-anywhere">{entity}</span> in scope {scope} under the relation below, then retracts the bare <span className="font-mono">{relation}</span>.
      </p>
      <label className={`${labelStyles} mt-3`}>
        Prefixed relation
        <input value={target} onChange={(e) => setTarget(e.target.value.trim())} aria-invalid={!valid} data-testid="prefixed-relation" className={`${inputStyles} mt-1 w-full font-mono`} />
      </label>
      {!valid ? <p className="mt-1 text-xs text-rose-700">Use the form namespace:name, e.g. {suggested}.</p> : null}
    </ConfirmActionButton>
  );
}
