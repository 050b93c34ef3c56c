import { describe, expect, it } from 'vitest';
import { healthTone, plural, totalFindings } from './scope-status';

describe('healthTone', () => {
  it('calls a scope without findings healthy', () => {
    expect(healthTone(100, { error: 0, warning: 0, info: 0 })).toBe('healthy');
  });

  it('never calls a scope with an error healthy, even at a rounded 100', () => {
    expect(healthTone(100, { error: 1, warning: 0, info: 0 })).toBe('fair');
  });

  it('grades by score otherwise', () => {
    expect(healthTone(95, { error: 0, warning: 3, info: 0 })).toBe('healthy');
    expect(healthTone(89, { error: 0, warning: 3, info: 0 })).toBe('fair');
    expect(healthTone(69, { error: 0, warning: 3, info: 0 })).toBe('poor');
    expect(healthTone(0, { error: 9, warning: 0, info: 0 })).toBe('poor');
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
