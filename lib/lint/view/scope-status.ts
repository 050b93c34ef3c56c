// Words and tones for a scope's health, shared by the Health cards and the scope page.

export interface SeverityCounts {
  error: number;
  warning: number;
  info: number;
}

export function totalFindings(counts: SeverityCounts): number {
  return counts.error + counts.warning + counts.info;
}

/**
 * The health score's bands (docs/decisions.md § Dashboard look): each band has its own colour on
 * the cards, the scope page and the legend, so 80 and 94 never look alike.
 */
export const SCORE_BANDS = [
  { band: 'good', label: 'Good', min: 95 },
  { band: 'fair', label: 'Fair', min: 85 },
  { band: 'poor', label: 'Poor', min: 70 },
  { band: 'critical', label: 'Critical', min: 0 },
] as const;

export type ScoreBand = (typeof SCORE_BANDS)[number]['band'];

/** The range a band covers, as the legend writes it ("85–94"). */
export function bandRange(band: ScoreBand): string {
  const i = SCORE_BANDS.findIndex((b) => b.band === band);
  const { min } = SCORE_BANDS[i];
  const max = i === 0 ? 100 : SCORE_BANDS[i - 1].min - 1;
  return min === 0 ? `below ${max + 1}` : `${min}–${max}`;
}

/**
 * A clean scope is good whatever else; an unresolved contradiction or broken handoff (an error)
 * never reads as good, even when the score rounds to 100 on a large scope: it is fair at best.
 */
export function scoreBand(score: number, counts: SeverityCounts): ScoreBand {
  if (totalFindings(counts) === 0) return 'good';
  const band = SCORE_BANDS.find((b) => score >= b.min)?.band ?? 'critical';
  return band === 'good' && counts.error > 0 ? 'fair' : band;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
