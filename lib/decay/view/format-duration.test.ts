import { describe, expect, it } from 'vitest';
import { formatDuration, splitDuration, toSeconds } from './format-duration';

describe('formatDuration', () => {
  it.each([
    [2_592_000, '30 d'],
    [5_400, '1 h 30 min'],
    [90_061, '1 d 1 h'],
    [86_460, '1 d'],
    [45, '45 s'],
    [0, '0 s'],
    [31_536_000, '365 d'],
    [12.6, '13 s'],
  ])('%d s → %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));

  it('shows a dash for no duration', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});

describe('splitDuration and toSeconds', () => {
  it('round-trip through the largest exact unit', () => {
    expect(splitDuration(2_592_000)).toEqual({ amount: '30', unit: 'd' });
    expect(splitDuration(5_400)).toEqual({ amount: '90', unit: 'min' });
    expect(splitDuration(61)).toEqual({ amount: '61', unit: 's' });
    expect(splitDuration(null)).toEqual({ amount: '', unit: 'd' });
    for (const s of [2_592_000, 5_400, 61, 3_600]) {
      const { amount, unit } = splitDuration(s);
      expect(toSeconds(amount, unit)).toBe(s);
    }
  });

  it('reads decimals and refuses empty or unreadable amounts', () => {
    expect(toSeconds('1.5', 'h')).toBe(5_400);
    expect(toSeconds(' 7 ', 'd')).toBe(604_800);
    expect(toSeconds('', 'd')).toBeNull();
    expect(toSeconds('abc', 'd')).toBeNull();
  });
});
