import { bandRange, SCORE_BANDS } from '@/lib/lint/view/scope-status';
import { bandStyles } from './score-band-styles';

/** What the score colours mean: each band with its range. */
export function ScoreLegend() {
  return (
    <div data-testid="score-legend" className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
      <span className="font-medium text-slate-700">Score bands</span>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {SCORE_BANDS.map((b) => (
          <li key={b.band} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${bandStyles[b.band].swatch}`} />
            <span>
              <span className="font-medium text-slate-800">{b.label}</span> {bandRange(b.band)}
            </span>
          </li>
        ))}
      </ul>
      <span>An error (a contradiction, a broken handoff) keeps a scope out of Good.</span>
    </div>
  );
}
