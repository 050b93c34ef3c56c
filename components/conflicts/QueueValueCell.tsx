import type { FactRecord } from '@/lib/facts/fact-record';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { ValueText } from '../ui/ValueText';

/** One side of a conflict in the queue: the value, its confidence and its source. */
export function QueueValueCell({ fact, suggested }: { fact: FactRecord | null; suggested: boolean }) {
  if (!fact) return <span className="text-slate-500">(unknown fact)</span>;
  return (
    <div className={`rounded-md px-2 py-1 ${suggested ? 'bg-emerald-50 ring-1 ring-emerald-600/30 ring-inset' : ''}`}>
      <div className="line-clamp-3 text-slate-900">
        <ValueText text={factValueText(fact.value)} />
      </div>
      <div className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
        <span className="tabular-nums" title="confidence">
          conf <span className="font-medium text-slate-700">{fact.confidence.toFixed(2)}</span>
        </span>
        <span className="min-w-0 truncate font-mono" title={fact.source}>
          {fact.source}
        </span>
      </div>
    </div>
  );
}
