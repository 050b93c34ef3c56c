import type { ScoreBand } from '@/lib/lint/view/scope-status';

// The colours of the score bands (docs/decisions.md § Dashboard look): the score's text, the band's
// pill and the legend's swatch. Four hues, so neighbouring bands never share one; the text and pill
// pairings are ones that pass AA in both themes (the dark palette keeps each pairing's contrast).
export const bandStyles: Record<ScoreBand, { text: string; pill: string; swatch: string }> = {
  good: { text: 'text-emerald-700', pill: 'bg-emerald-100 text-emerald-800', swatch: 'bg-emerald-500' },
  fair: { text: 'text-amber-700', pill: 'bg-amber-100 text-amber-900', swatch: 'bg-amber-400' },
  poor: { text: 'text-orange-700', pill: 'bg-orange-200 text-orange-900', swatch: 'bg-orange-600' },
  critical: { text: 'text-rose-700', pill: 'bg-rose-700 text-white', swatch: 'bg-rose-700' },
};
