'use client';

import { useState } from 'react';
import { buttonStyles } from '../ui/styles';
import { AssertTargetDialog } from './AssertTargetDialog';
import { RetractButton } from './RetractButton';
import { rowActionName } from '@/lib/lint/view/row-action-name';

/** A broken ref: give its target a live fact (a prefilled form), or retract the ref itself. */
export function BrokenRefActions({ scope, factId, entity, relation, target, source }: { scope: string; factId: string; entity: string; relation: string; target: string; source: string }) {
  const [asserting, setAsserting] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" onClick={() => setAsserting(true)} aria-label={rowActionName('Assert the missing target', { entity, relation })} className={`${buttonStyles.secondary} px-2.5 py-1 text-xs`}>
        Assert the missing target
      </button>
      <RetractButton factId={factId} source={source} label="Retract the ref" ariaLabel={rowActionName('Retract the ref', { entity, relation })} title="Retract this ref?">
        Asserts confidence 0 for <span className="font-mono wrap-anywhere">{relation}</span> → <span className="font-mono wrap-anywhere">{target}</span> of{' '}
        <span className="font-mono wrap-anywhere">{entity}</span> in scope {scope}.
      </RetractButton>
      <AssertTargetDialog open={asserting} onClose={() => setAsserting(false)} target={target} scope={scope} source={source} />
    </div>
  );
}
