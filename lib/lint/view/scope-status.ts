// Words and tones for a scope's health, shared by the Health cards and the scope page.

export interface SeverityCounts {
  error: number;
  warning: number;
  info: number;
}

export type HealthTone = 'healthy' | 'fair' | 'poor';

export function totalFindings(counts: SeverityCounts): number {
  return counts.error + counts.warning + counts.info;
}

/**
 * A clean scope is healthy whatever else; an unresolved contradiction or broken handoff (an error)
 * never reads as healthy, even when the score rounds to 100 on a large scope.
 */
export function healthTone(score: number, counts: SeverityCounts): HealthTone {
  if (totalFindings(counts) === 0) return 'healthy';
  if (score < 70) return 'poor';
  if (counts.error > 0 || score < 90) return 'fair';
  return 'healthy';
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
