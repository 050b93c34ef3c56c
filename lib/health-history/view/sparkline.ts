// Pure helpers for the health card's score sparkline and its change since the previous run.

export interface SparkPoint {
  at: string;
  score: number | null;
}

/** SVG polyline points for scores 0-100 over time; null scores (failed runs) are skipped. */
export function sparklinePoints(points: readonly SparkPoint[], width: number, height: number, pad = 2): string {
  const usable = points.filter((p): p is { at: string; score: number } => p.score !== null);
  if (!usable.length) return '';
  const times = usable.map((p) => Date.parse(p.at));
  const t0 = Math.min(...times);
  const span = Math.max(...times) - t0;
  return usable
    .map((p, i) => {
      const x = span === 0 ? width / 2 : pad + ((times[i] - t0) / span) * (width - 2 * pad);
      const y = pad + (1 - Math.max(0, Math.min(100, p.score)) / 100) * (height - 2 * pad);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

export interface ScoreChange {
  arrow: '▲' | '▼' | '';
  label: string;
  tone: 'up' | 'down' | 'flat';
}

/** "▲ 4" / "▼ 12" / "no change" / null before there are two runs. */
export function describeChange(change: number | null): ScoreChange | null {
  if (change === null) return null;
  if (change > 0) return { arrow: '▲', label: `${change}`, tone: 'up' };
  if (change < 0) return { arrow: '▼', label: `${-change}`, tone: 'down' };
  return { arrow: '', label: 'no change', tone: 'flat' };
}
