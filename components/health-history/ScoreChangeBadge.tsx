import { describeChange } from '@/lib/health-history/view/sparkline';

const TONES = { up: 'text-emerald-700', down: 'text-rose-700', flat: 'text-slate-500' };

/** ▲ n / ▼ n: the score's change since the previous run. */
export function ScoreChangeBadge({ change, testId }: { change: number | null; testId?: string }) {
  const c = describeChange(change);
  if (!c) return null;
  const words = c.tone === 'flat' ? 'No change since the previous run' : `${c.tone === 'up' ? 'Up' : 'Down'} ${c.label} since the previous run`;
  return (
    <span data-testid={testId} title={words} className={`text-xs font-semibold tabular-nums ${TONES[c.tone]}`}>
      <span aria-hidden="true">
        {c.arrow} {c.label}
      </span>
      <span className="sr-only">{words}</span>
    </span>
  );
}
