import { describe, expect, it } from 'vitest';
import { type BulkItem, planBulkAccept, summarizeBulk } from './bulk-accept';
import { contradiction } from '@/test/fixtures/conflict-views';

describe('planBulkAccept', () => {
  it('lists exactly the marked contradictions with a suggestion: entity, relation, kept value, basis', () => {
    const contradictions = [
      contradiction('c1'),
      contradiction('c2', { suggestion: null }),
      contradiction('c3', { suggestion: { winning_fact_id: 'c3-b', basis: 'evidence', reason: 'only B' } }),
      contradiction('c4'),
    ];
    const id = (n: string) => `stigmem:contradiction:${n}`;
    const plan = planBulkAccept(contradictions, new Set([id('c1'), id('c2'), id('c3')]));
    expect(plan.map((p) => [p.conflictId, p.index, p.keptValue, p.basis, p.winningFactId])).toEqual([
      [id('c1'), 0, 'alice', 'confidence', 'c1-a'],
      [id('c3'), 1, 'bob', 'evidence', 'c3-b'],
    ]);
    expect(plan[0]).toMatchObject({ entity: 'project:atlas', relation: 'owner', scope: 'local' });
  });

  it('skips contradictions that are no longer unresolved', () => {
    expect(planBulkAccept([contradiction('c1', { status: 'resolved' })], new Set(['stigmem:contradiction:c1']))).toEqual([]);
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
    expect(summary.message).toBe('Accepted 2 suggestions. 1 contradiction was decided by someone else meanwhile. 1 could not be saved.');
  });

  it('says one suggestion in the singular', () => {
    expect(summarizeBulk([{ item: item('c1'), status: 'accepted' }]).message).toBe('Accepted 1 suggestion.');
  });
});
