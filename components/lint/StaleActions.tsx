'use client';

import { useDecayPreviewMutation } from '@/lib/decay/hooks/use-decay-preview-mutation';
import { buttonStyles } from '../ui/styles';
import { DecayPreview } from './DecayPreview';
import { RetractButton } from './RetractButton';
import { InlineError } from '../ui/InlineError';
import { rowActionName } from '@/lib/lint/view/row-action-name';

/** A stale value: preview what decay would do to it (a dry run of this one fact), or retract it now. */
export function StaleActions({ scope, factId, entity, relation, source }: { scope: string; factId: string; entity: string; relation: string; source: string }) {
  const preview = useDecayPreviewMutation();
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => preview.mutate({ scope, factId })}
          disabled={preview.isPending}
          aria-expanded={preview.isSuccess || preview.isError}
          aria-label={rowActionName(preview.isPending ? 'Previewing' : 'Preview retraction', { entity, relation })}
          className={`${buttonStyles.secondary} px-2.5 py-1 text-xs`}
        >
          {preview.isPending ? 'Previewing…' : 'Preview retraction'}
        </button>
        <RetractButton factId={factId} source={source} label="Retract now" ariaLabel={rowActionName('Retract now', { entity, relation })} title="Retract this stale value?">
          Asserts confidence 0 for <span className="font-mono wrap-anywhere">{relation}</span> of <span className="font-mono wrap-anywhere">{entity}</span> in scope {scope}. Facts are
          immutable: the history keeps the value, but it is no longer live.
        </RetractButton>
      </div>
      {preview.data ? (
        <div className="rounded-md bg-slate-50 p-2 text-xs text-slate-700" role="status">
          <DecayPreview result={preview.data} />
        </div>
      ) : null}
      <InlineError error={preview.error} testId="decay-preview-error" className="block rounded-md bg-rose-50 p-2 text-xs text-rose-800" />
    </div>
  );
}
