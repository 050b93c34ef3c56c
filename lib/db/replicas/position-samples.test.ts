import { describe, expect, it } from 'vitest';
import { recordPosition, secondsBehind, type PositionSample } from './position-samples';

describe('samples of the primary position', () => {
  it('keeps a sample only when the position moved, at most ten a second', () => {
    const samples: PositionSample[] = [];
    recordPosition(samples, '0/100', 1_000);
    recordPosition(samples, '0/100', 2_000);
    recordPosition(samples, '0/200', 2_050);
    recordPosition(samples, '0/300', 2_100);
    expect(samples).toEqual([{ lsn: '0/100', at: 1_000 }, { lsn: '0/200', at: 2_050 }]);
  });

  it('keeps the newest 3,600 samples', () => {
    const samples: PositionSample[] = [];
    for (let i = 1; i <= 4_000; i++) recordPosition(samples, `0/${i.toString(16)}`, i * 1_000);
    expect(samples).toHaveLength(3_600);
    expect(samples[0]).toEqual({ lsn: `0/${(401).toString(16)}`, at: 401_000 });
  });

  it('measures a replica from the first sample it has not replayed', () => {
    const samples = [{ lsn: '0/100', at: 1_000 }, { lsn: '0/200', at: 5_000 }, { lsn: '0/300', at: 9_000 }];
    expect(secondsBehind(samples, '0/150', 10_000)).toBe(5);
    expect(secondsBehind(samples, '0/99', 10_000)).toBe(9);
    expect(secondsBehind(samples, '0/300', 10_000)).toBe(0);
    expect(secondsBehind([], '0/300', 10_000)).toBe(0);
  });
});
