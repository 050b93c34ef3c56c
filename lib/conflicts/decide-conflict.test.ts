import { describe, expect, it } from 'vitest';
import { cooldownEnd, DAY_MS } from './decide-conflict';

describe('cooldownEnd', () => {
  const now = new Date('2026-06-01T00:00:00Z');

  it('ends the given number of days after now', () => {
    expect(cooldownEnd(now, 90, null)).toEqual(new Date(now.getTime() + 90 * DAY_MS));
    expect(cooldownEnd(now, 0, null)).toEqual(now);
  });

  it('keeps a later end from an earlier decision: a cooldown is never shortened', () => {
    const later = new Date(now.getTime() + 200 * DAY_MS);
    expect(cooldownEnd(now, 90, later)).toEqual(later);
    expect(cooldownEnd(now, 0, later)).toEqual(later);
  });

  it('extends an earlier end that finishes sooner', () => {
    const sooner = new Date(now.getTime() + 10 * DAY_MS);
    expect(cooldownEnd(now, 90, sooner)).toEqual(new Date(now.getTime() + 90 * DAY_MS));
    expect(cooldownEnd(now, 30, new Date(now.getTime() - DAY_MS))).toEqual(new Date(now.getTime() + 30 * DAY_MS));
  });
});
