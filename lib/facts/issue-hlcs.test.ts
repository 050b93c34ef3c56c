import { describe, expect, it } from 'vitest';
import { compareHlc } from '../time/hlc';
import { hlcTick, HlcRun, tickHlc } from './issue-hlcs';

describe('HLC runs', () => {
  it('count up from their first HLC, carrying into the wall after counter 999, and refuse to pass their end', () => {
    const run = new HlcRun(hlcTick({ wall: 100, counter: 998 }), 3);
    const taken = [run.take(), run.take(), run.take()];
    expect(taken).toEqual([{ wall: 100, counter: 998 }, { wall: 100, counter: 999 }, { wall: 101, counter: 0 }]);
    for (let i = 1; i < taken.length; i++) expect(compareHlc(taken[i], taken[i - 1])).toBeGreaterThan(0);
    expect(() => run.take()).toThrow(/exhausted/);
  });

  it('count an imported counter above 999 as 999: the next tick is in the following millisecond, after it', () => {
    const imported = { wall: 500, counter: 123_456 };
    const next = tickHlc(hlcTick(imported) + 1);
    expect(next).toEqual({ wall: 501, counter: 0 });
    expect(compareHlc(next, imported)).toBeGreaterThan(0);
  });
});
