import type { FactRecord } from '@/lib/facts/fact-record';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { DateTime } from '../ui/DateTime';
import { DetailRow } from '../ui/DetailRow';
import { StatusBadge } from '../ui/StatusBadge';
import { ValueText } from '../ui/ValueText';
import { cardStyles } from '../ui/styles';

/** One value of a contradiction with its provenance, numbered as the queue and the keys number it. */
export function ContradictionValueCard({ index, fact, evidence, kept, suggested }: { index: number; fact: FactRecord | null; evidence: number; kept?: boolean; suggested?: boolean }) {
  const number = index + 1;
  const headingId = `value-${number}-title`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="contradiction-value"
      data-value-number={number}
      className={`${cardStyles} min-w-0 p-5 ${kept ? 'ring-2 ring-emerald-500' : suggested ? 'ring-1 ring-emerald-400' : ''}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          Value {number}
        </h2>
        <div className="flex gap-1">
          {kept ? <StatusBadge status="kept" /> : null}
          {suggested ? <span className="inline-flex items-center rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-600/30 ring-inset">suggested</span> : null}
          {fact?.contradicted ? <StatusBadge status="contradicted" /> : null}
        </div>
      </div>
      {fact ? (
        <>
          <div className="mt-2 text-lg font-medium wrap-anywhere text-slate-900" data-testid="contradiction-value-text">
            <ValueText text={factValueText(fact.value)} type={fact.value.type} />
          </div>
          <dl className="mt-4 divide-y divide-slate-100 border-t border-slate-100 text-sm">
            <DetailRow label="Confidence"><span className="tabular-nums">{fact.confidence.toFixed(2)}</span></DetailRow>
            <DetailRow label="Source"><span className="font-mono text-xs wrap-anywhere">{fact.source}</span></DetailRow>
            <DetailRow label="Asserted"><DateTime iso={fact.timestamp} hlc={fact.hlc} /></DetailRow>
            <DetailRow label="Valid until"><DateTime iso={fact.valid_until} fallback="no expiry" /></DetailRow>
            <DetailRow label="Recent evidence">{evidence ? `${evidence} re-assertion${evidence === 1 ? '' : 's'} since it opened` : 'none'}</DetailRow>
            <DetailRow label="Fact id"><span className="font-mono text-xs wrap-anywhere">{fact.id}</span></DetailRow>
          </dl>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-500">This fact is not readable.</p>
      )}
    </section>
  );
}
