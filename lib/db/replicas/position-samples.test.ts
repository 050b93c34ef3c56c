import { describe, expect, it } from 'vitest';
import { recordPosition, secondsBehind, type PositionSample } from './position-samples';

describe('samples of the primary position', () => {
  it('keeps a sample only when the position moved, and thins them to about ten a second', () => {
    const samples: PositionSample[] = [];
    recordPosition(samples, '0/100', 1_000);
    recordPosition(samples, '0/100', 2_000);
    recordPosition(samples, '0/200', 2_050);
    recordPosition(samples, '0/300', 2_100);
    recordPosition(samples, '0/400', 2_130);
    recordPosition(samples, '0/500', 2_160);
    // 0/300 gave way to 0/400, both within 100 ms of 0/200; 0/500 is 110 ms after it.
    expect(samples).toEqual([{ lsn: '0/100', at: 1_000 }, { lsn: '0/200', at: 2_050 }, { lsn: '0/400', at: 2_130 }, { lsn: '0/500', at: 2_160 }]);
  });

  it('never drops a new position: a replica stuck just before one it never saw recorded still looks behind', () => {
    // A probe 50 ms after a routed read: the primary moved in between, the replica stopped there.
    const samples: PositionSample[] = [];
    recordPosition(samples, '0/100', 1_000);
    recordPosition(samples, '0/200', 1_050);
    recordPosition(samples, '0/200', 1_650);
    expect(secondsBehind(samples, '0/100', 1_650)).toBeCloseTo(0.6);
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
