import type { ContradictionRecord } from '@/lib/conflicts/contradiction-record';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { ValueText } from '../ui/ValueText';

/** Values of a contradiction shown in a queue row; the rest are on its page. */
export const VALUES_IN_ROW = 3;

/** A contradiction's values side by side, numbered as the keys that keep them: value, confidence, source. */
export function QueueValueCell({ contradiction, suggested }: { contradiction: ContradictionRecord; suggested: number | null }) {
  const shown = contradiction.values.slice(0, VALUES_IN_ROW);
  const more = contradiction.value_count - shown.length;
  return (
    <ol className="grid gap-1 sm:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))]" aria-label={`${contradiction.value_count} live values`}>
      {shown.map(({ fact, confidence }, i) => (
        <li key={fact?.id ?? i} data-testid="queue-value" className={`min-w-0 rounded-md px-2 py-1 ${suggested === i ? 'bg-emerald-50 ring-1 ring-emerald-600/30 ring-inset' : ''}`}>
          <div className="flex min-w-0 items-start gap-1.5">
            <span aria-hidden="true" className="mt-0.5 rounded bg-slate-100 px-1 font-mono text-[11px] font-semibold text-slate-700">
              {i + 1}
            </span>
            <span className="sr-only">Value {i + 1}: </span>
            <span className="line-clamp-3 min-w-0 text-slate-900">{fact ? <ValueText text={factValueText(fact.value)} /> : <span className="text-slate-500">(unknown fact)</span>}</span>
          </div>
          <div className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
            <span className="tabular-nums" title="confidence">
              conf <span className="font-medium text-slate-700">{confidence.toFixed(2)}</span>
            </span>
            {fact ? (
              <span className="min-w-0 truncate font-mono" title={fact.source}>
                {fact.source}
              </span>
            ) : null}
          </div>
        </li>
      ))}
      {more > 0 ? (
        <li className="self-center px-2 text-xs text-slate-600" data-testid="queue-more-values">
          and {more} more {more === 1 ? 'value' : 'values'}
        </li>
      ) : null}
    </ol>
  );
}
