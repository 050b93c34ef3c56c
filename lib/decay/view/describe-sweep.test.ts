import { describe, expect, it } from 'vitest';
import { decayHref } from './decay-href';
import { describeSweep } from './describe-sweep';

describe('describeSweep', () => {
  it('names both kinds of writes with their counts', () => {
    const d = describeSweep({ scope: 'team', dry_run_would_retract: 3, dry_run_would_reduce: 1, counts_by_policy: [{ policy_id: 'a', would_retract: 3, would_reduce: 0 }, { policy_id: 'b', would_retract: 0, would_reduce: 1 }, { policy_id: 'idle', would_retract: 0, would_reduce: 0 }] });
    expect(d.headline).toBe('Writes 4 new facts in scope “team”: 3 retractions (confidence 0.0) and 1 confidence reduction.');
    // Only the policies that write something are named.
    expect(d.details).toContain('Policies: a, b.');
  });

  it('speaks of one fact in the one-fact preview', () => {
    const d = describeSweep({ scope: 'local', dry_run_would_retract: 1, dry_run_would_reduce: 0, counts_by_policy: [{ policy_id: 'p', would_retract: 1, would_reduce: 0 }] }, true);
    expect(d.headline).toBe('Writes 1 new fact in scope “local” for this fact: 1 retraction (confidence 0.0).');
    expect(d.details).toContain('Policy: p.');
  });

  it('says when there is nothing to write', () => {
    expect(describeSweep({ scope: 'public', dry_run_would_retract: 0, dry_run_would_reduce: 0, counts_by_policy: [] }).headline).toBe('Nothing to write in scope “public”.');
  });
});

describe('decayHref', () => {
  it('builds the one-fact preview URL other pages link to', () => {
    expect(decayHref({ scope: 'team', factId: 'f:1/2' })).toBe('/decay?scope=team&fact_id=f%3A1%2F2');
    expect(decayHref({ scope: 'team' })).toBe('/decay?scope=team');
    expect(decayHref()).toBe('/decay');
  });
});
