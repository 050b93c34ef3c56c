import { describe, expect, it } from 'vitest';
import { conflictStatusWord, cooldownDaysLeft, formatAge, sameValue, suggestedIndex, suggestionNote, valueName } from './conflict-view';
import { contradiction } from '@/test/fixtures/conflict-views';

describe('conflict view helpers', () => {
  it('finds the suggested value among the values, or none', () => {
    expect(suggestedIndex(contradiction('c'))).toBe(0);
    expect(suggestedIndex(contradiction('c', { suggestion: { winning_fact_id: 'c-b', basis: 'evidence', reason: 'r' } }))).toBe(1);
    expect(suggestedIndex(contradiction('c', { suggestion: null }))).toBeNull();
    expect(suggestedIndex(contradiction('c', { values: [] }))).toBeNull();
    expect(valueName(1)).toBe('value 2');
  });

  it('compares values by type and payload, datetimes as instants', () => {
    expect(sameValue({ type: 'string', v: '1' }, { type: 'number', v: 1 })).toBe(false);
    expect(sameValue({ type: 'datetime', v: '2026-05-02T14:00:00Z' }, { type: 'datetime', v: '2026-05-02T16:00:00+02:00' })).toBe(true);
    expect(sameValue({ type: 'null', v: null }, { type: 'null', v: null })).toBe(true);
  });

  it('formats ages the way the queue shows them', () => {
    expect(formatAge(null)).toBe('—');
    expect(formatAge(0.4)).toBe('< 1 day');
    expect(formatAge(15)).toBe('15.0 days');
  });

  it('names dismissals as such and counts cooldown days left', () => {
    expect(conflictStatusWord({ status: 'resolved', resolution_basis: 'dismissed' })).toBe('dismissed');
    expect(conflictStatusWord({ status: 'resolved', resolution_basis: 'manual' })).toBe('resolved');
    const now = new Date('2026-05-01T00:00:00Z');
    expect(cooldownDaysLeft('2026-05-31T00:00:00Z', now)).toBe(30);
    expect(cooldownDaysLeft('2026-04-30T00:00:00Z', now)).toBeLessThanOrEqual(0);
    expect(cooldownDaysLeft(null, now)).toBeNull();
  });

  it('records why a suggestion was accepted', () => {
    expect(suggestionNote({ basis: 'confidence', reason: 'gap 0.55' })).toBe('Accepted the suggestion (confidence): gap 0.55');
  });
});
