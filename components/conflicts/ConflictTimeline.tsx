import type { FactRecord } from '@/lib/facts/fact-record';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { type TimelineEntry, type TimelineKind, timelineEntries } from '@/lib/conflicts/view/timeline';
import { DateTime } from '../ui/DateTime';
import { ValueText } from '../ui/ValueText';
import { cardStyles } from '../ui/styles';

const kindStyle: Record<TimelineKind, { dot: string; label: string | null }> = {
  assertion: { dot: 'bg-slate-400', label: null },
  retraction: { dot: 'bg-rose-500', label: 'retraction' },
  decay: { dot: 'bg-amber-500', label: 'decay step' },
  resolution: { dot: 'bg-emerald-600', label: 'resolution' },
};

/** A value's tag colour: the first two as before, the rest slate. */
const valueStyle = (index: number) => (index === 0 ? 'bg-indigo-600 text-white' : index === 1 ? 'bg-fuchsia-700 text-white' : 'bg-slate-600 text-white');

function Entry({ entry }: { entry: TimelineEntry }) {
  const { fact, kind, value } = entry;
  const style = kindStyle[kind];
  return (
    <li className="relative pb-4 pl-5 last:pb-0" data-testid="timeline-entry" data-kind={kind}>
      <span aria-hidden="true" className={`absolute top-1 -left-1.5 h-3 w-3 rounded-full ring-4 ring-white ${style.dot}`} />
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
        <DateTime iso={fact.timestamp} hlc={fact.hlc} />
        {value !== null ? <span className={`rounded px-1.5 py-0.5 text-[11px] font-semibold ${valueStyle(value)}`}>value {value + 1}</span> : null}
        {style.label ? <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-700">{style.label}</span> : null}
        {entry.current ? <span className="rounded bg-orange-50 px-1.5 py-0.5 text-[11px] font-medium text-orange-800">current</span> : null}
      </div>
      <div className="mt-1 text-sm text-slate-900">
        <ValueText text={factValueText(fact.value)} type={fact.value.type} />
      </div>
      <div className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-600">
        <span className="tabular-nums">confidence {fact.confidence.toFixed(2)}</span>
        <span className="min-w-0 font-mono wrap-anywhere">{fact.source}</span>
        {fact.valid_until ? (
          <span>
            valid until <DateTime iso={fact.valid_until} />
          </span>
        ) : null}
      </div>
    </li>
  );
}

/** Every fact of the triple by HLC, oldest first: who asserted what, when, with what confidence. */
export function ConflictTimeline({
  history,
  total,
  contradiction,
}: {
  history: FactRecord[];
  total: number;
  contradiction: { values: { fact: FactRecord | null }[]; resolution_fact_id: string | null };
}) {
  const entries = timelineEntries(history, contradiction);
  return (
    <section aria-labelledby="timeline-title" data-testid="conflict-timeline" className={`${cardStyles} p-5`}>
      <h2 id="timeline-title" className="text-base font-semibold text-slate-900">
        History of the triple
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {total > history.length ? `The newest ${history.length} of ${total} facts, oldest first.` : `${total} ${total === 1 ? 'fact' : 'facts'}, oldest first.`}
      </p>
      <ol className="mt-4 ml-1.5 border-l border-slate-200">{entries.map((entry) => <Entry key={entry.fact.id} entry={entry} />)}</ol>
    </section>
  );
}
