import { describe, expect, it } from 'vitest';
import { compareHlc, formatHlc, HlcClock, maxHlc, parseHlc } from './hlc';

describe('HLC text', () => {
  it('is emitted padded to 13 and 3 digits and parses back', () => {
    expect(formatHlc({ wall: 1714658400000, counter: 7 })).toBe('1714658400000.007');
    expect(formatHlc({ wall: 42, counter: 1234 })).toBe('0000000000042.1234');
    expect(parseHlc('1714658400000.007')).toEqual({ wall: 1714658400000, counter: 7 });
    expect(parseHlc('42.1')).toEqual({ wall: 42, counter: 1 });
  });

  it.each(['', '1714658400000', '1714658400000.', '.5', 'abc.def', '1.2.3', '-1.0', '1714658400000.007 '])('rejects %j', (text) => {
    expect(parseHlc(text)).toBeNull();
  });

  it('compares numerically, wall first, never as strings', () => {
    expect(compareHlc({ wall: 9, counter: 0 }, { wall: 10, counter: 0 })).toBeLessThan(0);
    expect(compareHlc({ wall: 10, counter: 2 }, { wall: 10, counter: 10 })).toBeLessThan(0);
    expect(compareHlc({ wall: 11, counter: 0 }, { wall: 10, counter: 999 })).toBeGreaterThan(0);
    expect(compareHlc({ wall: 10, counter: 3 }, { wall: 10, counter: 3 })).toBe(0);
    expect(maxHlc(null, { wall: 1, counter: 0 })).toEqual({ wall: 1, counter: 0 });
    expect(maxHlc({ wall: 2, counter: 0 }, { wall: 1, counter: 5 })).toEqual({ wall: 2, counter: 0 });
    expect(maxHlc({ wall: 2, counter: 0 }, null)).toEqual({ wall: 2, counter: 0 });
  });
});

describe('HlcClock', () => {
  function clockAt(times: number[]) {
    let i = 0;
    return new HlcClock(() => times[Math.min(i++, times.length - 1)]);
  }

  it('takes the physical time when it moves forward and counts within one millisecond', () => {
    const clock = clockAt([100, 100, 100, 101]);
    expect([clock.tick(), clock.tick(), clock.tick(), clock.tick()]).toEqual([
      { wall: 100, counter: 0 },
      { wall: 100, counter: 1 },
      { wall: 100, counter: 2 },
      { wall: 101, counter: 0 },
    ]);
  });

  it('stays monotonic when the physical clock goes backwards', () => {
    const clock = clockAt([1000, 990, 500, 1000, 1001]);
    const ticks = [clock.tick(), clock.tick(), clock.tick(), clock.tick(), clock.tick()];
    for (let i = 1; i < ticks.length; i++) expect(compareHlc(ticks[i], ticks[i - 1])).toBeGreaterThan(0);
    expect(ticks).toEqual([
      { wall: 1000, counter: 0 },
      { wall: 1000, counter: 1 },
      { wall: 1000, counter: 2 },
      { wall: 1000, counter: 3 },
      { wall: 1001, counter: 0 },
    ]);
  });

  it('never issues an HLC at or below one it observed', () => {
    const clock = clockAt([100, 100, 300]);
    clock.observe({ wall: 200, counter: 5 });
    expect(clock.tick()).toEqual({ wall: 200, counter: 6 });
    clock.observe({ wall: 150, counter: 0 });
    clock.observe(null);
    expect(clock.tick()).toEqual({ wall: 200, counter: 7 });
    expect(clock.tick()).toEqual({ wall: 300, counter: 0 });
  });

  it('carries into the wall after counter 999, so issued counters keep three digits', () => {
    const clock = clockAt([100]);
    clock.observe({ wall: 100, counter: 998 });
    expect([clock.tick(), clock.tick(), clock.tick()]).toEqual([
      { wall: 100, counter: 999 },
      { wall: 101, counter: 0 },
      { wall: 101, counter: 1 },
    ]);
    clock.observe({ wall: 101, counter: 12_345 });
    expect(clock.tick()).toEqual({ wall: 102, counter: 0 });
  });

  it('returns copies that later ticks cannot change', () => {
    const clock = clockAt([5, 5]);
    const first = clock.tick();
    clock.tick();
    expect(first).toEqual({ wall: 5, counter: 0 });
  });
});
