import type { ConflictRecord } from '@/lib/conflicts/conflict-record';
import { type Side, SUGGESTION_BASIS_TEXT, sideFact } from '@/lib/conflicts/view/conflict-view';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { ValueText } from '../ui/ValueText';
import { cardStyles } from '../ui/styles';
import { AcceptSuggestionButton } from './AcceptSuggestionButton';

/** The suggested winner of an unresolved conflict and why (evidence > confidence), or why there is none. */
export function SuggestionPanel({ conflict, side, canWrite }: { conflict: ConflictRecord; side: Side | null; canWrite: boolean }) {
  const suggestion = conflict.suggestion;
  const fact = side ? sideFact(conflict, side) : null;
  return (
    <section aria-labelledby="suggestion-title" data-testid="conflict-suggestion" className={`${cardStyles} p-5 ${suggestion ? 'border-emerald-200' : ''}`}>
      <h2 id="suggestion-title" className="text-base font-semibold text-slate-900">
        Suggestion
      </h2>
      {suggestion && side && fact ? (
        <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 space-y-1 text-sm">
            <p className="text-slate-900">
              Keep <strong>value {side}</strong>: <ValueText text={factValueText(fact.value)} />
            </p>
            <p className="text-slate-700">
              <span className="mr-1.5 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800 ring-1 ring-sky-600/30 ring-inset">{suggestion.basis}</span>
              {SUGGESTION_BASIS_TEXT[suggestion.basis]}.
            </p>
            <p className="text-slate-500 wrap-anywhere">Why: {suggestion.reason}.</p>
          </div>
          {canWrite ? <AcceptSuggestionButton conflictId={conflict.conflict_id} winningFactId={fact.id} basis={suggestion.basis} reason={suggestion.reason} side={side} /> : null}
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          No suggestion: neither side alone was re-asserted in the last 48 hours, and their confidences differ by less than 0.2. A person decides.
        </p>
      )}
    </section>
  );
}
