import type { FactRecord } from '@/lib/facts/fact-record';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { DateTime } from '../ui/DateTime';
import { ValueText } from '../ui/ValueText';

/** One value of a contradiction finding: the value, its confidence, its source and when it was asserted. */
export function FindingSide({ label, fact }: { label: string; fact: FactRecord | undefined }) {
  return (
    <div className="min-w-0 rounded-md border border-slate-200 bg-slate-50/60 px-2.5 py-1.5" data-testid="finding-side">
      <div className="text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{label}</div>
      {fact ? (
        <>
          <div className="line-clamp-4 text-slate-900" data-testid="finding-side-value">
            <ValueText text={factValueText(fact.value)} />
          </div>
          <div className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
            <span className="tabular-nums">
              conf <span className="font-medium text-slate-700">{fact.confidence.toFixed(2)}</span>
            </span>
            <span className="min-w-0 truncate font-mono" title={fact.source}>
              {fact.source}
            </span>
            <DateTime iso={fact.timestamp} hlc={fact.hlc} />
          </div>
        </>
      ) : (
        <div className="text-xs text-slate-500">(fact not readable)</div>
      )}
    </div>
  );
}
