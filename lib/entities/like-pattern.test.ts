import { describe, expect, it } from 'vitest';
import { likePattern } from './like-pattern';

describe('likePattern', () => {
  it.each([
    ['atlas', 'contains', '%atlas%'],
    ['atlas', 'prefix', 'atlas%'],
    ['100%', 'contains', '%100\\%%'],
    ['a_b', 'prefix', 'a\\_b%'],
    ['c:\\x', 'contains', '%c:\\\\x%'],
    ['', 'contains', '%%'],
  ] as const)('%s (%s) → %s', (text, match, expected) => {
    expect(likePattern(text, match)).toBe(expected);
  });
});
