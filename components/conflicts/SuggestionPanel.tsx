import type { ContradictionRecord } from '@/lib/conflicts/contradiction-record';
import { SUGGESTION_BASIS_TEXT } from '@/lib/conflicts/view/conflict-view';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { ValueText } from '../ui/ValueText';
import { cardStyles } from '../ui/styles';
import { AcceptSuggestionButton } from './AcceptSuggestionButton';
import type { ConflictTrail } from '@/lib/conflicts/view/conflict-href';

/** The suggested winner of an unresolved contradiction and why (evidence > confidence), or why there is none. */
export function SuggestionPanel({ contradiction, index, canWrite, trail }: { contradiction: ContradictionRecord; index: number | null; canWrite: boolean; trail?: ConflictTrail }) {
  const suggestion = contradiction.suggestion;
  const fact = index === null ? null : contradiction.values[index]?.fact;
  return (
    <section aria-labelledby="suggestion-title" data-testid="conflict-suggestion" className={`${cardStyles} p-5 ${suggestion ? 'border-emerald-200' : ''}`}>
      <h2 id="suggestion-title" className="text-base font-semibold text-slate-900">
        Suggestion
      </h2>
      {suggestion && index !== null && fact ? (
        <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 space-y-1 text-sm">
            <p className="text-slate-900">
              Keep <strong>value {index + 1}</strong>: <ValueText text={factValueText(fact.value)} />
            </p>
            <p className="text-slate-700">
              <span className="mr-1.5 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800 ring-1 ring-sky-600/30 ring-inset">{suggestion.basis}</span>
              {SUGGESTION_BASIS_TEXT[suggestion.basis]}.
            </p>
            <p className="text-slate-600 wrap-anywhere">Why: {suggestion.reason}.</p>
          </div>
          {canWrite ? <AcceptSuggestionButton conflictId={contradiction.contradiction_id} winningFactId={fact.id} basis={suggestion.basis} reason={suggestion.reason} valueNumber={index + 1} trail={trail} /> : null}
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          No suggestion: no single value was re-asserted in the last 48 hours, and the strongest leads the next by less than 0.2 confidence. A person decides.
        </p>
      )}
    </section>
  );
}
