import { describe, expect, it } from 'vitest';
import { fact } from '@/test/fixtures/conflict-views';
import { timelineEntries } from './timeline';

describe('timelineEntries', () => {
  const a = fact('a', { type: 'string', v: 'alice' });
  const b = fact('b', { type: 'string', v: 'bob' });
  it('marks sides, the conflict facts, retractions, decay steps and the resolution', () => {
    const history = [
      fact('a0', { type: 'string', v: 'alice' }),
      a,
      b,
      fact('d', { type: 'string', v: 'bob' }, { source: 'system:stigmem:decay', confidence: 0.3 }),
      fact('r', { type: 'string', v: 'bob' }, { confidence: 0 }),
      fact('w', { type: 'string', v: 'alice' }, { confidence: 1 }),
      fact('other', { type: 'string', v: 'carol' }),
    ];
    const entries = timelineEntries(history, { fact_a: a, fact_b: b, resolution_fact_id: 'w' });
    expect(entries.map((e) => [e.fact.id, e.side, e.kind, e.conflictFact])).toEqual([
      ['a0', 'A', 'assertion', false],
      ['a', 'A', 'assertion', true],
      ['b', 'B', 'assertion', true],
      ['d', 'B', 'decay', false],
      ['r', 'B', 'retraction', false],
      ['w', 'A', 'resolution', false],
      ['other', null, 'assertion', false],
    ]);
  });
});
