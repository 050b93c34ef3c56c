import type { OverviewHealth } from '../overview-health';
import { SCORE_BANDS, scoreBand } from '../../lint/view/scope-status';

// The overview's order: worst first (docs/decisions.md § Dashboard look). By band, then score, then
// name: a scope at 100 with an error is fair and comes before a good 96. A scope above the async
// threshold that no run has checked has no score; it comes last.

const rank = (card: OverviewHealth): [number, number] => {
  if (card.source === 'none') return [SCORE_BANDS.length, 101];
  const band = scoreBand(card.health.score, card.health.findings);
  return [SCORE_BANDS.length - 1 - SCORE_BANDS.findIndex((b) => b.band === band), card.health.score];
};

const scopeOf = (card: OverviewHealth) => (card.source === 'none' ? card.scope : card.health.scope);

export function sortWorstFirst(cards: readonly OverviewHealth[]): OverviewHealth[] {
  return [...cards].sort((a, b) => {
    const [bandA, scoreA] = rank(a);
    const [bandB, scoreB] = rank(b);
    // Critical has the highest index in SCORE_BANDS, so the lowest rank here.
    return bandA - bandB || scoreA - scoreB || scopeOf(a).localeCompare(scopeOf(b));
  });
}
