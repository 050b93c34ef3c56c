import { describe, expect, it } from 'vitest';
import { bandRange, plural, SCORE_BANDS, scoreBand, totalFindings } from './scope-status';

describe('scoreBand', () => {
  const warnings = { error: 0, warning: 3, info: 0 };
  it('calls a scope without findings good', () => {
    expect(scoreBand(100, { error: 0, warning: 0, info: 0 })).toBe('good');
  });

  it('never calls a scope with an error good, even at a rounded 100', () => {
    expect(scoreBand(100, { error: 1, warning: 0, info: 0 })).toBe('fair');
  });

  it('grades by score at the band edges, so 80, 91 and 94 do not share a band with 96', () => {
    expect([100, 95, 94, 91, 85, 84, 80, 70, 69, 0].map((score) => scoreBand(score, warnings))).toEqual(['good', 'good', 'fair', 'fair', 'fair', 'poor', 'poor', 'poor', 'critical', 'critical']);
  });

  it('writes each band’s range', () => {
    expect(SCORE_BANDS.map((b) => bandRange(b.band))).toEqual(['95–100', '85–94', '70–84', 'below 70']);
  });
});

describe('totalFindings and plural', () => {
  it('sums severities and words counts', () => {
    expect(totalFindings({ error: 1, warning: 2, info: 3 })).toBe(6);
    expect(plural(1, 'finding')).toBe('1 finding');
    expect(plural(12_345, 'finding')).toBe('12,345 findings');
    expect(plural(2, 'entity', 'entities')).toBe('2 entities');
  });
});
