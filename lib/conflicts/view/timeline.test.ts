import { describe, expect, it } from 'vitest';
import { fact } from '@/test/fixtures/conflict-views';
import { timelineEntries } from './timeline';

describe('timelineEntries', () => {
  const a = fact('a', { type: 'string', v: 'alice' });
  const b = fact('b', { type: 'string', v: 'bob' });
  it('numbers the values, marks their current facts, retractions, decay steps and the resolution', () => {
    const history = [
      fact('a0', { type: 'string', v: 'alice' }),
      a,
      b,
      fact('d', { type: 'string', v: 'bob' }, { source: 'system:stigmem:decay', confidence: 0.3 }),
      fact('r', { type: 'string', v: 'bob' }, { confidence: 0 }),
      fact('w', { type: 'string', v: 'alice' }, { confidence: 1 }),
      fact('other', { type: 'string', v: 'carol' }),
    ];
    const entries = timelineEntries(history, { values: [{ fact: a }, { fact: b }], resolution_fact_id: 'w' });
    expect(entries.map((e) => [e.fact.id, e.value, e.kind, e.current])).toEqual([
      ['a0', 0, 'assertion', false],
      ['a', 0, 'assertion', true],
      ['b', 1, 'assertion', true],
      ['d', 1, 'decay', false],
      ['r', 1, 'retraction', false],
      ['w', 0, 'resolution', false],
      ['other', null, 'assertion', false],
    ]);
  });
});
