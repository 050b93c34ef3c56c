import { describe, expect, it } from 'vitest';
import { canonicalValue, type FactValue, factValueSchema, MAX_VALUE_BYTES, refTarget, valueByteLength } from './fact-value';
import { valueHash } from './hash-value';

describe('factValueSchema', () => {
  it.each<[unknown, FactValue]>([
    [{ type: 'string', v: 'x' }, { type: 'string', v: 'x' }],
    [{ type: 'text', v: '' }, { type: 'text', v: '' }],
    [{ type: 'number', v: -1.5 }, { type: 'number', v: -1.5 }],
    [{ type: 'boolean', v: true }, { type: 'boolean', v: true }],
    [{ type: 'datetime', v: '2026-05-02T14:00:00Z' }, { type: 'datetime', v: '2026-05-02T14:00:00Z' }],
    [{ type: 'datetime', v: '2026-05-02T16:00:00.250+02:00' }, { type: 'datetime', v: '2026-05-02T16:00:00.250+02:00' }],
    [{ type: 'ref', v: ' Stigmem://Some  Thing ' }, { type: 'ref', v: 'stigmem://some-thing' }],
    [{ type: 'datetime', v: '2028-02-29T23:59:59+0100' }, { type: 'datetime', v: '2028-02-29T23:59:59+0100' }],
    [{ type: 'null' }, { type: 'null', v: null }],
    [{ type: 'null', v: null }, { type: 'null', v: null }],
  ])('accepts %j', (raw, parsed) => {
    expect(factValueSchema.parse(raw)).toEqual(parsed);
  });

  it.each([
    ['an unknown type', { type: 'blob', v: 'x' }],
    ['no type', { v: 'x' }],
    ['a string for a number', { type: 'number', v: '1' }],
    ['Infinity', { type: 'number', v: Infinity }],
    ['NaN', { type: 'number', v: NaN }],
    ['a number for a boolean', { type: 'boolean', v: 1 }],
    ['a datetime without zone', { type: 'datetime', v: '2026-05-02T14:00:00' }],
    ['a date only', { type: 'datetime', v: '2026-05-02' }],
    ['an impossible datetime', { type: 'datetime', v: '2026-13-45T99:00:00Z' }],
    ['February 30th', { type: 'datetime', v: '2026-02-30T00:00:00Z' }],
    ['April 31st', { type: 'datetime', v: '2026-04-31T10:00:00+02:00' }],
    ['year 0', { type: 'datetime', v: '0000-06-01T00:00:00Z' }],
    ['an instant that an offset moves into year 0', { type: 'datetime', v: '0001-01-01T00:30:00+01:00' }],
    ['hour 24', { type: 'datetime', v: '2026-05-02T24:00:00Z' }],
    ['February 29th in a common year', { type: 'datetime', v: '2026-02-29T00:00:00Z' }],
    ['a blank ref', { type: 'ref', v: '  ' }],
    ['an over-long ref', { type: 'ref', v: `stigmem://${'x'.repeat(1100)}` }],
    ['a null with a value', { type: 'null', v: 'x' }],
    ['not an object', 'x'],
  ])('rejects %s', (_name, raw) => {
    expect(factValueSchema.safeParse(raw).success).toBe(false);
  });

  it('names the seven types when the type is unknown', () => {
    const result = factValueSchema.safeParse({ type: 'blob', v: 1 });
    expect(result.error?.issues[0].message).toBe('type must be one of string, text, number, boolean, datetime, ref, null');
  });
});

describe('canonical values and hashes', () => {
  it('treats equal instants at different offsets as one datetime value', () => {
    const values: FactValue[] = [
      { type: 'datetime', v: '2026-05-02T14:00:00Z' },
      { type: 'datetime', v: '2026-05-02T16:00:00+02:00' },
      { type: 'datetime', v: '2026-05-02T09:00:00.000-05:00' },
      { type: 'datetime', v: '2026-05-02T14:00Z' },
    ];
    expect(new Set(values.map(valueHash)).size).toBe(1);
    expect(canonicalValue(values[1])).toBe('datetime:2026-05-02T14:00:00.000Z');
    expect(valueHash({ type: 'datetime', v: '2026-05-02T14:00:00.001Z' })).not.toBe(valueHash(values[0]));
  });

  it('keeps types apart: the same payload under another type is another value', () => {
    const hashes = [
      valueHash({ type: 'string', v: 'x' }),
      valueHash({ type: 'text', v: 'x' }),
      valueHash({ type: 'ref', v: 'x' }),
      valueHash({ type: 'string', v: '1' }),
      valueHash({ type: 'number', v: 1 }),
      valueHash({ type: 'string', v: 'true' }),
      valueHash({ type: 'boolean', v: true }),
      valueHash({ type: 'string', v: 'null' }),
      valueHash({ type: 'null', v: null }),
    ];
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('hashes deterministically to 64 hex characters, case-sensitively for strings', () => {
    expect(valueHash({ type: 'string', v: 'Red' })).toBe(valueHash({ type: 'string', v: 'Red' }));
    expect(valueHash({ type: 'string', v: 'Red' })).not.toBe(valueHash({ type: 'string', v: 'red' }));
    expect(valueHash({ type: 'number', v: 1 })).toBe(valueHash({ type: 'number', v: 1.0 }));
    expect(valueHash({ type: 'null', v: null })).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('value helpers', () => {
  it('measures string payloads in UTF-8 bytes', () => {
    expect(valueByteLength({ type: 'text', v: 'é'.repeat(10) })).toBe(20);
    expect(valueByteLength({ type: 'number', v: 123456 })).toBe(0);
    expect(MAX_VALUE_BYTES).toBe(65536);
  });

  it('finds ref targets', () => {
    expect(refTarget({ type: 'ref', v: 'stigmem://x' })).toBe('stigmem://x');
    expect(refTarget({ type: 'string', v: 'stigmem://x' })).toBeNull();
  });
});
