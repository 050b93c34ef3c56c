// The health score shown on each scope card (documented in docs/decisions.md § Lint):
//   score = 100 × (1 − min(1, (errors + 0.3 × warnings + 0.05 × infos) / max(1, live values)))
// An unresolved contradiction or a broken handoff costs a full live value; a stale value or a
// plain broken ref 0.3; an orphan or an expiring-soon value 0.05. A clean scope scores 100.

export const SEVERITY_WEIGHTS = { error: 1, warning: 0.3, info: 0.05 } as const;
export const HEALTH_SCORE_FORMULA = 'score = 100 × (1 − (errors + 0.3·warnings + 0.05·infos) / live values), floored at 0';

export function healthScore(counts: { error: number; warning: number; info: number }, liveValues: number): number {
  const penalty = counts.error * SEVERITY_WEIGHTS.error + counts.warning * SEVERITY_WEIGHTS.warning + counts.info * SEVERITY_WEIGHTS.info;
  return Math.round(100 * (1 - Math.min(1, penalty / Math.max(1, liveValues))));
}
