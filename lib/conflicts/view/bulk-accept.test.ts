import { describe, expect, it } from 'vitest';
import { type BulkItem, planBulkAccept, summarizeBulk } from './bulk-accept';
import { conflict } from '@/test/fixtures/conflict-views';

describe('planBulkAccept', () => {
  it('lists exactly the marked conflicts with a suggestion: entity, relation, kept value, basis', () => {
    const conflicts = [
      conflict('c1'),
      conflict('c2', { suggestion: null }),
      conflict('c3', { suggestion: { winning_fact_id: 'c3-b', basis: 'evidence', reason: 'only B' } }),
      conflict('c4'),
    ];
    const plan = planBulkAccept(conflicts, new Set(['c1', 'c2', 'c3']));
    expect(plan.map((p) => [p.conflictId, p.side, p.keptValue, p.basis, p.winningFactId])).toEqual([
      ['c1', 'A', 'alice', 'confidence', 'c1-a'],
      ['c3', 'B', 'bob', 'evidence', 'c3-b'],
    ]);
    expect(plan[0]).toMatchObject({ entity: 'project:atlas', relation: 'owner', scope: 'local' });
  });

  it('skips conflicts that are no longer unresolved', () => {
    expect(planBulkAccept([conflict('c1', { status: 'resolved' })], new Set(['c1']))).toEqual([]);
  });
});

describe('summarizeBulk', () => {
  const item = (id: string) => ({ conflictId: id }) as BulkItem;
  it('reports successes, conflicts decided meanwhile, and failures', () => {
    const summary = summarizeBulk([
      { item: item('c1'), status: 'accepted' },
      { item: item('c2'), status: 'accepted' },
      { item: item('c3'), status: 'already_decided', detail: 'conflict c3 was already resolved' },
      { item: item('c4'), status: 'failed', detail: 'boom' },
    ]);
    expect(summary.accepted).toHaveLength(2);
    expect(summary.alreadyDecided.map((o) => o.item.conflictId)).toEqual(['c3']);
    expect(summary.message).toBe('Accepted 2 suggestions. 1 conflict was decided by someone else meanwhile. 1 could not be saved.');
  });

  it('says one suggestion in the singular', () => {
    expect(summarizeBulk([{ item: item('c1'), status: 'accepted' }]).message).toBe('Accepted 1 suggestion.');
  });
});
