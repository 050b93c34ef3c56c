'use client';

import { type FormEvent, useState } from 'react';
import { buttonStyles, labelStyles } from '../ui/styles';
import { TextField } from '../ui/TextField';

/** min_confidence slider, include-expired and only-contradicted toggles and an entity filter for the entries. */
export function SynthesisFilters({
  minConfidence,
  onMinConfidence,
  includeExpired,
  onIncludeExpired,
  contradictedOnly,
  onContradictedOnly,
  entity,
  onEntity,
  pending,
}: {
  minConfidence: number;
  onMinConfidence: (value: number) => void;
  includeExpired: boolean;
  onIncludeExpired: (value: boolean) => void;
  contradictedOnly: boolean;
  onContradictedOnly: (value: boolean) => void;
  entity: string;
  onEntity: (value: string) => void;
  pending: boolean;
}) {
  const [entityText, setEntityText] = useState(entity);
  // The boxes show the click at once; the URL (and a new render of the panel) follows.
  const [expiredShown, setExpiredShown] = useState(includeExpired);
  const [onlyContradicted, setOnlyContradicted] = useState(contradictedOnly);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onEntity(entityText.trim());
  };
  return (
    <div className="flex flex-wrap items-end gap-x-8 gap-y-4">
      <div className="w-64">
        <label htmlFor="min-confidence" className={labelStyles}>
          Minimum confidence <output htmlFor="min-confidence" className="ml-1 font-semibold text-indigo-700 tabular-nums" data-testid="min-confidence-value">{minConfidence.toFixed(2)}</output>
        </label>
        <input
          id="min-confidence"
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={minConfidence}
          onChange={(e) => onMinConfidence(Number(e.target.value))}
          className="mt-2 w-full accent-indigo-600"
        />
      </div>
      <label className="flex items-center gap-2 pb-1 text-sm text-slate-700">
        <input type="checkbox" checked={expiredShown} disabled={pending} onChange={(e) => (setExpiredShown(e.target.checked), onIncludeExpired(e.target.checked))} className="h-4 w-4 accent-indigo-600" />
        Include expired and retracted values
      </label>
      <label className="flex items-center gap-2 pb-1 text-sm text-slate-700">
        <input type="checkbox" checked={onlyContradicted} disabled={pending} onChange={(e) => (setOnlyContradicted(e.target.checked), onContradictedOnly(e.target.checked))} className="h-4 w-4 accent-indigo-600" />
        Only contradicted
      </label>
      <form onSubmit={submit} className="flex w-full flex-wrap items-end gap-2 sm:w-auto" role="search" aria-label="Filter by entity">
        <TextField id="synthesis-entity" label="Entity" note="exact URI" value={entityText} onChange={(e) => setEntityText(e.target.value)} placeholder="stigmem://acme/user/alice" mono className="w-full sm:w-80" />
        <button type="submit" disabled={pending} className={buttonStyles.secondary}>
          Filter
        </button>
        {entity ? (
          <button type="button" disabled={pending} onClick={() => (setEntityText(''), onEntity(''))} className={`${buttonStyles.secondary} px-2.5`}>
            Clear
          </button>
        ) : null}
      </form>
    </div>
  );
}
