'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { usePrefixRelationMutation } from '@/lib/client/use-prefix-relation-mutation';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Notice } from '../ui/Notice';
import { buttonStyles, inputStyles, labelStyles } from '../ui/styles';

/** A bare relation (Spec-20 namespacing): move its live values under a prefixed relation, then retract the bare ones. */
export function NamespacingActions({ scope, factIds, entity, relation, suggested, source }: { scope: string; factIds: string[]; entity: string; relation: string; suggested: string; source: string }) {
  const router = useRouter();
  const move = usePrefixRelationMutation();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState(suggested);
  const [refreshing, startRefresh] = useTransition();
  const valid = /^[^:\s]+:\S+$/.test(target);

  const confirm = () =>
    move.mutate(
      { factIds, relation: target, source },
      { onSuccess: () => startRefresh(() => { setOpen(false); router.refresh(); }) },
    );

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={`${buttonStyles.secondary} px-2.5 py-1 text-xs`}>
        Move to a prefixed relation
      </button>
      <ConfirmDialog open={open} title="Move to a prefixed relation?" confirmLabel="Move" pending={move.isPending || refreshing} onConfirm={valid ? confirm : () => undefined} onCancel={() => setOpen(false)}>
        <p>
          Asserts the {factIds.length === 1 ? 'value' : `${factIds.length} values`} of <span className="font-mono wrap-anywhere">{relation}</span> on{' '}
          <span className="font-mono wrap-anywhere">{entity}</span> in scope {scope} under the relation below, then retracts the bare <span className="font-mono">{relation}</span>.
        </p>
        <label className={`${labelStyles} mt-3`}>
          Prefixed relation
          <input value={target} onChange={(e) => setTarget(e.target.value.trim())} aria-invalid={!valid} data-testid="prefixed-relation" className={`${inputStyles} mt-1 w-full font-mono`} />
        </label>
        {!valid ? <p className="mt-1 text-xs text-rose-700">Use the form namespace:name, e.g. {suggested}.</p> : null}
        {move.error ? (
          <div className="mt-3">
            <Notice tone="error" title="Could not move the values" testId="namespacing-error">
              {errorDetail(move.error)}
            </Notice>
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
