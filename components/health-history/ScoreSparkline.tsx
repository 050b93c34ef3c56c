import { type SparkPoint, sparklinePoints } from '@/lib/health-history/view/sparkline';

const W = 120;
const H = 28;

/** The score over the last 30 days as a small line; the label carries the numbers for screen readers. */
export function ScoreSparkline({ points, label, testId }: { points: SparkPoint[]; label: string; testId?: string }) {
  const line = sparklinePoints(points, W, H);
  return (
    <svg data-testid={testId} role="img" aria-label={label} viewBox={`0 0 ${W} ${H}`} width={W} height={H} className="overflow-visible text-indigo-500">
      <line x1="0" x2={W} y1={H - 2} y2={H - 2} stroke="currentColor" strokeOpacity="0.15" />
      {line.includes(' ') ? (
        <polyline points={line} fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinejoin="round" strokeLinecap="round" />
      ) : line ? (
        <circle cx={line.split(',')[0]} cy={line.split(',')[1]} r="2.5" fill="currentColor" />
      ) : null}
    </svg>
  );
}
