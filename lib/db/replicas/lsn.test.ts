import { describe, expect, it } from 'vitest';
import { lsnBytesBehind, lsnReached, parseLsn } from './lsn';

describe('WAL positions', () => {
  it('reads both halves of an LSN as one 64-bit position', () => {
    expect(parseLsn('0/3000000')).toBe(0x3000000n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn(' 1/0 ')).toBe(1n << 32n);
  });

  it('compares across the 32-bit boundary, where a text comparison would be wrong', () => {
    expect(lsnReached('1/0', '0/FFFFFFFF')).toBe(true);
    expect(lsnReached('0/FFFFFFFF', '1/0')).toBe(false);
    expect(lsnReached('A/10', '9/FFFFFFF0')).toBe(true);
    expect(lsnReached('0/3441B78', '0/3441B78')).toBe(true);
  });

  it('counts the bytes a replica has still to replay, never fewer than 0', () => {
    expect(lsnBytesBehind('0/3451698', '0/3441B78')).toBe(0x3451698 - 0x3441b78);
    expect(lsnBytesBehind('1/10', '0/FFFFFFF0')).toBe(0x20);
    expect(lsnBytesBehind('0/10', '0/20')).toBe(0);
  });

  it('refuses text that is not an LSN', () => {
    expect(() => parseLsn('')).toThrow(/not a WAL position/);
    expect(() => parseLsn('0/XYZ')).toThrow(/not a WAL position/);
    expect(() => parseLsn('123')).toThrow(/not a WAL position/);
  });
});
