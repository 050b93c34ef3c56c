import { Link } from '@/components/ui/Link';
import { scopeSummary } from '@/lib/health-history/summary';
import { linkStyles } from '../ui/styles';
import { ScoreChangeBadge } from './ScoreChangeBadge';
import { ScoreSparkline } from './ScoreSparkline';

/** On each health card: the score over 30 days, the change since the previous run, a link to the history. */
export async function ScopeTrend({ scope }: { scope: string }) {
  const summary = await scopeSummary(scope, '30d');
  const points = summary.series.map((p) => ({ at: p.at, score: p.score }));
  const scores = points.flatMap((p) => (p.score === null ? [] : [p.score]));
  const label = scores.length
    ? `Score over the last 30 days: ${scores.length} runs, from ${scores[0]} to ${scores.at(-1)}, lowest ${Math.min(...scores)}`
    : 'No health runs in the last 30 days';
  return (
    <div data-testid={`scope-${scope}-trend`} className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
      {scores.length ? (
        <>
          <ScoreSparkline points={points} label={label} testId={`scope-${scope}-sparkline`} />
          <ScoreChangeBadge change={summary.score_change} testId={`scope-${scope}-change`} />
        </>
      ) : (
        <span>No history yet</span>
      )}
      <Link href={`/health-history/${scope}`} className={`${linkStyles} ml-auto`} aria-label={`History of scope ${scope}`}>
        History →
      </Link>
    </div>
  );
}
