import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, queryBoolean, queryLimit } from './query-params';

describe('query parameters', () => {
  it('round-trips cursors and refuses anything that is not one', () => {
    expect(decodeCursor(encodeCursor(['1700000000000', 3, 'id']))).toEqual(['1700000000000', 3, 'id']);
    expect(decodeCursor('garbage!')).toBeNull();
    expect(decodeCursor(Buffer.from('{"a":1}').toString('base64url'))).toBeNull();
  });

  it('bounds limits: default 50, 1..500, integers only', () => {
    const limit = queryLimit();
    expect(limit.parse(undefined)).toBe(50);
    expect(limit.parse('500')).toBe(500);
    for (const bad of ['0', '501', '2.5', 'ten']) expect(limit.safeParse(bad).success).toBe(false);
  });

  it('reads booleans strictly', () => {
    const flag = queryBoolean(false);
    expect([flag.parse(undefined), flag.parse('true'), flag.parse('1'), flag.parse('false'), flag.parse('0')]).toEqual([false, true, true, false, false]);
    expect(flag.safeParse('yes').success).toBe(false);
  });
});
