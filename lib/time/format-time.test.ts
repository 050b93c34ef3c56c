import { describe, expect, it } from 'vitest';
import { exactTimeText, formatRelativeTime, formatUtc, hlcInstant } from './format-time';

const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    [ago(10_000), 'just now'],
    [ago(-10_000), 'just now'],
    [ago(5 * MIN), '5 minutes ago'],
    [ago(44 * MIN), '44 minutes ago'],
    [ago(50 * MIN), '1 hour ago'],
    [ago(3 * HOUR), '3 hours ago'],
    [ago(23 * HOUR), 'yesterday'],
    [ago(3 * DAY), '3 days ago'],
    [ago(-2 * DAY), 'in 2 days'],
    [ago(40 * DAY), 'last month'],
    [ago(90 * DAY), '3 months ago'],
    [ago(400 * DAY), 'last year'],
    [ago(-3 * 365 * DAY), 'in 3 years'],
  ])('%s reads as %s', (iso, text) => {
    expect(formatRelativeTime(iso, NOW)).toBe(text);
  });

  it('answers null for text that is not an instant', () => {
    expect(formatRelativeTime('not a date', NOW)).toBeNull();
  });
});

describe('exact instants', () => {
  it('writes UTC without a locale', () => {
    expect(formatUtc('2026-11-20T14:03:11.250+01:00')).toBe('2026-11-20 13:03:11 UTC');
  });

  it('reads the wall clock out of an HLC', () => {
    expect(hlcInstant('1791679314803.000')).toBe('2026-10-11T00:41:54.803Z');
    expect(hlcInstant('001791679314803.042')).toBe('2026-10-11T00:41:54.803Z');
    expect(hlcInstant('yesterday')).toBeNull();
  });

  it('puts the HLC beside the instant when there is one', () => {
    expect(exactTimeText('2026-10-11T00:41:54.803Z', '1791679314803.000')).toBe('2026-10-11 00:41:54 UTC · HLC 1791679314803.000');
    expect(exactTimeText('2026-10-11T00:41:54.803Z')).toBe('2026-10-11 00:41:54 UTC');
  });
});
