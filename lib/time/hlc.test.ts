import { describe, expect, it } from 'vitest';
import { compareHlc, formatHlc, maxHlc, parseHlc } from './hlc';

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
