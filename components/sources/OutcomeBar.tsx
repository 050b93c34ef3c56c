import type { SourceSummary } from '@/lib/sources/source-record';
import { outcomeSegments } from '@/lib/sources/view/sources-view';

/** Colors that say the outcome for the source; the legend and the label carry it in words. */
const FILL: Record<string, string> = {
  won: 'bg-emerald-500',
  lost: 'bg-rose-500',
  dismissed: 'bg-slate-400',
  closed: 'bg-slate-300',
  open: 'bg-amber-400',
};

/** How the contradictions a source took part in ended, as one stacked bar (and a sentence for screen readers). */
export function OutcomeBar({ summary, legend = false }: { summary: Pick<SourceSummary, 'contradictions'>; legend?: boolean }) {
  const segments = outcomeSegments(summary);
  if (!segments.length) return <span className="text-xs text-slate-500">none</span>;
  const words = segments.map((s) => `${s.count.toLocaleString('en-US')} ${s.outcome}`).join(', ');
  return (
    <div className="min-w-28" data-testid="outcome-bar">
      <div role="img" aria-label={`Contradictions: ${words}`} className="flex h-2.5 w-full overflow-hidden rounded-full bg-slate-100">
        {segments.map((s) => (
          <span key={s.outcome} className={FILL[s.outcome]} style={{ width: `${s.percent}%` }} />
        ))}
      </div>
      {legend ? (
        <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700">
          {segments.map((s) => (
            <li key={s.outcome} className="flex items-center gap-1">
              <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-sm ${FILL[s.outcome]}`} />
              {s.count.toLocaleString('en-US')} {s.outcome}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-xs text-slate-600">{words}</p>
      )}
    </div>
  );
}
