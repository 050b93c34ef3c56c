import { Link } from '@/components/ui/Link';
import { HEALTH_SCORE_FORMULA } from '@/lib/lint/health-score';
import { SCORE_BANDS, type ScoreBand } from '@/lib/lint/view/scope-status';
import { bandStyles } from './score-band-styles';

/**
 * The 0–100 health score in its band's colour, with the band's name (colour is never the only
 * sign). It is a meter named "Health score of <scope>" whose value reads "80 of 100, poor". The formula shows
 * as a tooltip on hover and on keyboard focus (the "?" link is focusable and describes itself with
 * it); the link opens the scope page's explanation.
 */
export function HealthScore({ scope, score, band }: { scope: string; score: number; band: ScoreBand }) {
  const tooltipId = `health-score-${scope}-formula`;
  const label = SCORE_BANDS.find((b) => b.band === band)!.label;
  const styles = bandStyles[band];
  return (
    <div className="group relative flex items-center gap-1.5">
      <span data-band={band} className="text-right">
        <span className="block text-xs font-medium text-slate-500">Health score</span>
        {/* A meter with a name, so a test or a screen reader finds it: getByRole('meter', { name: 'Health score of team' }), its value "80 of 100, poor". */}
        <span
          role="meter"
          aria-label={`Health score of ${scope}`}
          aria-valuenow={score}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuetext={`${score} of 100, ${label.toLowerCase()}`}
          data-testid={`scope-${scope}-score`}
          aria-describedby={tooltipId}
          className={`block text-2xl font-semibold tabular-nums ${styles.text}`}>
          {score}
          <span className="text-sm font-medium text-slate-500"> of 100</span>
        </span>
        <span data-testid={`scope-${scope}-band`} className={`mt-0.5 inline-block rounded-full px-2 text-xs font-semibold ${styles.pill}`}>
          {label}
        </span>
      </span>
      <Link
        href={`/scopes/${scope}#health-score`}
        aria-describedby={tooltipId}
        aria-label={`How the health score of ${scope} is computed`}
        className="flex h-5 w-5 items-center justify-center rounded-full border border-slate-300 text-xs font-semibold text-slate-600 hover:border-indigo-500 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        ?
      </Link>
      <span
        role="tooltip"
        id={tooltipId}
        className="invisible absolute top-full right-0 z-10 mt-2 w-72 max-w-[80vw] rounded-lg bg-slate-900 px-3 py-2 text-xs leading-relaxed text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {HEALTH_SCORE_FORMULA}. Weights: an error costs a full live value, a warning 0.3, an info 0.05. A clean scope scores 100.
      </span>
    </div>
  );
}
