import { describe, expect, it } from 'vitest';
import { formatInstant, formatInstantOrNull } from './instant';

describe('formatInstant', () => {
  it('drops milliseconds only when they are zero', () => {
    expect(formatInstant(new Date('2030-01-01T00:00:00.000Z'))).toBe('2030-01-01T00:00:00Z');
    expect(formatInstant('2030-01-01T01:00:00+01:00')).toBe('2030-01-01T00:00:00Z');
    expect(formatInstant(new Date('2026-11-23T14:15:07.120Z'))).toBe('2026-11-23T14:15:07.120Z');
    expect(formatInstant(Date.UTC(2026, 0, 2, 3, 4, 5, 6))).toBe('2026-01-02T03:04:05.006Z');
  });
  it('keeps null', () => {
    expect(formatInstantOrNull(null)).toBeNull();
    expect(formatInstantOrNull(undefined)).toBeNull();
  });
});
