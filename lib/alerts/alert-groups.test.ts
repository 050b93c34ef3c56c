import { describe, expect, it } from 'vitest';
import type { AlertMute } from '../generated/prisma/client';
import { compareGroups, type CountRow, foldCounts, foldGroups } from './alert-groups';
import { mutedUntil } from './alert-mutes';

const at = (day: number) => new Date(Date.UTC(2026, 0, day));
const row = (ruleId: string, scope: string, status: string, count: number, first = 1, last = first): CountRow => ({ ruleId, scope, status, count, firstOpenedAt: at(first), lastOpenedAt: at(last) });
const mute = (ruleId: string, scope: string | null, untilDay: number): AlertMute => ({
  id: `${ruleId}-${scope}`, ruleId, scope, until: at(untilDay), reason: null, createdBy: 'x', createdAt: at(1), endedAt: null, endedBy: null,
});

describe('alert counts and groups', () => {
  const rows = [row('pending', 'team', 'open', 1, 9), row('pending', 'team', 'resolved', 4, 2, 8), row('aged', 'team', 'open', 1, 5), row('aged', 'company', 'open', 1, 6), row('slow', 'team', 'acknowledged', 1, 7)];

  it('open excludes acknowledged and muted alerts; every alert is counted once', () => {
    expect(foldCounts(rows, [])).toEqual({ open: 3, muted: 0, acknowledged: 1, resolved: 4 });
    // A mute on one scope moves that scope's open alert to muted; one without a scope covers every scope of the rule.
    expect(foldCounts(rows, [mute('aged', 'team', 30)])).toEqual({ open: 2, muted: 1, acknowledged: 1, resolved: 4 });
    expect(foldCounts(rows, [mute('aged', null, 30)])).toEqual({ open: 1, muted: 2, acknowledged: 1, resolved: 4 });
  });

  it('a mute covers its rule on its scope, or on every scope without one, and the latest end wins', () => {
    const mutes = [mute('aged', 'team', 10), mute('aged', null, 20)];
    expect(mutedUntil(mutes, 'aged', 'team')).toEqual(at(20));
    expect(mutedUntil(mutes, 'aged', 'company')).toEqual(at(20));
    expect(mutedUntil(mutes, 'pending', 'team')).toBeNull();
  });

  it('groups by rule and scope with how often it fired, first and last', () => {
    const groups = foldGroups(rows, []);
    expect(groups).toHaveLength(4);
    expect(groups.find((g) => g.key === 'pending|team')).toMatchObject({ count: 5, counts: { open: 1, resolved: 4 }, firstOpenedAt: at(2), lastOpenedAt: at(9) });
  });

  it('sorts open before muted before acknowledged before resolved only, then critical first, then the latest', () => {
    const g = (key: string, counts: Partial<Record<'open' | 'muted' | 'acknowledged' | 'resolved', number>>, level: string, last: number) => ({
      key, level, lastOpenedAt: at(last), counts: { open: 0, muted: 0, acknowledged: 0, resolved: 0, ...counts },
    });
    const sorted = [g('a', { resolved: 3 }, 'critical', 9), g('b', { acknowledged: 1 }, 'critical', 1), g('c', { open: 1 }, 'info', 9), g('d', { open: 1 }, 'critical', 2), g('e', { muted: 1 }, 'critical', 3), g('f', { open: 1 }, 'critical', 5)].sort(compareGroups);
    expect(sorted.map((x) => x.key)).toEqual(['f', 'd', 'c', 'e', 'b', 'a']);
  });
});
