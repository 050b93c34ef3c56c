import { Link } from '@/components/ui/Link';
import type { ContradictionRecord } from '@/lib/conflicts/contradiction-record';
import type { QueueAction } from '@/lib/conflicts/hooks/use-queue-decisions';
import { conflictHref } from '@/lib/conflicts/view/conflict-href';
import { VALUES_IN_ROW } from './QueueValueCell';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { suggestedIndex } from '@/lib/conflicts/view/conflict-view';

/** A value as a button names it: short, quoted. */
const quoted = (text: string) => `‘${text.length > 40 ? `${text.slice(0, 40)}…` : text}’`;

const small =
  'rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium whitespace-nowrap text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50';
// emerald-800 on white is 7.6:1 (emerald-700 was 5.5:1 at rest but 3.8:1 under the pointer); the dark palette keeps the pairing.
const accept =
  'rounded-md bg-emerald-800 px-2 py-1 text-xs font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-800 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Buttons for mouse and Tab users; the same actions as the a/1–9/d shortcuts. Each names its row and
 * value — "Keep ‘Kotlin’ for coder-21 preference:language in team" — so the same buttons of many rows
 * (one entity in several scopes, one value in many triples) never read alike.
 */
export function QueueRowActions({
  contradiction,
  canDecide,
  state,
  from,
  onAction,
}: {
  contradiction: ContradictionRecord;
  canDecide: boolean;
  state: 'idle' | 'saving' | 'decided';
  /** The queue's view, for the conflict page's way back. */
  from: string;
  onAction: (action: QueueAction) => void;
}) {
  const name = `${contradiction.entity} ${contradiction.relation} in ${contradiction.scope}`;
  const valueOf = (i: number | null) => {
    const fact = i === null ? null : contradiction.values[i]?.fact;
    return fact ? quoted(factValueText(fact.value)) : `value ${(i ?? 0) + 1}`;
  };
  const open = (
    <Link
      href={conflictHref(contradiction.contradiction_id, undefined, { from })}
      aria-label={`Review the contradiction on ${name}`}
      className="rounded-sm text-xs font-medium whitespace-nowrap text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {contradiction.value_count > VALUES_IN_ROW ? `All ${contradiction.value_count} values →` : 'Open →'}
    </Link>
  );
  if (state !== 'idle' || contradiction.status !== 'unresolved' || !canDecide) {
    return (
      <div className="flex flex-col items-end gap-1">
        {state === 'saving' ? <span className="text-xs text-slate-500">Saving…</span> : state === 'decided' ? <span className="text-xs text-emerald-700">Decided</span> : null}
        {contradiction.status === 'unresolved' && !canDecide && state === 'idle' ? <span className="text-xs text-slate-500">read only</span> : null}
        {open}
      </div>
    );
  }
  const keepable = contradiction.values.slice(0, VALUES_IN_ROW);
  // Fixed places (Keep 1 | Keep 2 | Keep 3, then Accept | Dismiss), so every row reads the same way.
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="grid w-48 grid-cols-3 gap-1">
        {keepable.map((value, i) => (
          <button key={value.fact?.id ?? i} type="button" className={small} onClick={() => onAction(`keep${i + 1}`)} aria-label={`Keep ${i + 1}: ${valueOf(i)} for ${name}`} disabled={!value.fact}>
            Keep {i + 1}
          </button>
        ))}
      </div>
      <div className="flex gap-1">
        {contradiction.suggestion ? (
          <button type="button" className={accept} onClick={() => onAction('accept')} aria-label={`Accept ${valueOf(suggestedIndex(contradiction))}, the suggestion, for ${name}`}>
            Accept
          </button>
        ) : null}
        <button type="button" className={small} onClick={() => onAction('dismiss')} aria-label={`Dismiss ${name} as not a contradiction`}>
          Dismiss
        </button>
      </div>
      {open}
    </div>
  );
}
