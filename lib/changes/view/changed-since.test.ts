import { describe, expect, it } from 'vitest';
import { type ChangeBaseline, changedSince, type NodeChanges } from './changed-since';

const baseline: ChangeBaseline = {
  as_of: '2026-11-27T10:00:00.000Z',
  scopes: [
    { scope: 'company', revision: '5', activity: '2' },
    { scope: 'team', revision: '9', activity: '4' },
  ],
  node_activity: '1',
};

const current = (patch: Partial<NodeChanges> = {}, scopes: Partial<Record<'company' | 'team', Partial<NodeChanges['scopes'][number]>>> = {}): NodeChanges => ({
  as_of: '2026-11-27T10:00:05.000Z',
  change: 'x',
  scopes: baseline.scopes.map((s) => ({ ...s, expired_at: '2026-11-27T09:00:00.000Z', ...scopes[s.scope as 'company' | 'team'] })),
  node_activity: '1',
  mutes_expired_at: null,
  ...patch,
});

const everything = { knowledge: true, activity: true };

describe('changedSince', () => {
  it('nothing moved: no change, whatever is watched', () => {
    expect(changedSince(baseline, current(), everything)).toBe(false);
    expect(changedSince(baseline, current(), { scope: 'team', ...everything })).toBe(false);
  });

  it('a write counts for knowledge, in the scope watched', () => {
    const written = current({}, { team: { revision: '10' } });
    expect(changedSince(baseline, written, everything)).toBe(true);
    expect(changedSince(baseline, written, { knowledge: true, activity: false })).toBe(true);
    expect(changedSince(baseline, written, { knowledge: false, activity: true })).toBe(false);
    expect(changedSince(baseline, written, { scope: 'company', ...everything })).toBe(false);
    expect(changedSince(baseline, written, { scope: 'team', ...everything })).toBe(true);
  });

  it('a run or an alert counts for activity; a global rule or mute for every scope', () => {
    expect(changedSince(baseline, current({}, { company: { activity: '3' } }), { knowledge: false, activity: true })).toBe(true);
    expect(changedSince(baseline, current({}, { company: { activity: '3' } }), { knowledge: true, activity: false })).toBe(false);
    expect(changedSince(baseline, current({ node_activity: '2' }), { scope: 'team', knowledge: false, activity: true })).toBe(true);
  });

  it('an expiry after the baseline counts; one before it was already shown', () => {
    expect(changedSince(baseline, current({}, { team: { expired_at: '2026-11-27T10:00:02.000Z' } }), { knowledge: true, activity: false })).toBe(true);
    expect(changedSince(baseline, current({}, { team: { expired_at: '2026-11-27T10:00:00.000Z' } }), { knowledge: true, activity: false })).toBe(false);
    expect(changedSince(baseline, current({ mutes_expired_at: '2026-11-27T10:00:01.000Z' }), { knowledge: false, activity: true })).toBe(true);
    expect(changedSince(baseline, current({ mutes_expired_at: '2026-11-27T10:00:01.000Z' }), { knowledge: true, activity: false })).toBe(false);
  });

  it('a scope gained or lost is a change', () => {
    expect(changedSince(baseline, { ...current(), scopes: current().scopes.slice(0, 1) }, everything)).toBe(true);
    expect(changedSince(baseline, { ...current(), scopes: [...current().scopes, { scope: 'local', revision: '0', activity: '0', expired_at: null }] }, everything)).toBe(true);
  });
});
