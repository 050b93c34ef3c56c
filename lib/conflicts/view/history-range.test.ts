import { describe, expect, it } from 'vitest';
import { parseHistoryRange } from './history-range';

describe('parseHistoryRange', () => {
  it('reads a scope and a listed range', () => {
    expect(parseHistoryRange({ scope: 'team', days: '7' })).toEqual({ scope: 'team', days: 7 });
  });
  it('falls back to all scopes and 30 days', () => {
    expect(parseHistoryRange({ scope: 'moon', days: '1000' })).toEqual({ days: 30 });
    expect(parseHistoryRange({})).toEqual({ days: 30 });
  });
});
