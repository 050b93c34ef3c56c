import { describe, expect, it } from 'vitest';
import { parseFactValueInput, valueToInput } from './fact-value-input';

describe('parseFactValueInput', () => {
  it.each([
    ['string', 'alice', { type: 'string', v: 'alice' }],
    ['string', ' spaced ', { type: 'string', v: ' spaced ' }],
    ['text', 'line one\nline two', { type: 'text', v: 'line one\nline two' }],
    ['number', '-3.5', { type: 'number', v: -3.5 }],
    ['boolean', ' true ', { type: 'boolean', v: true }],
    ['text', '', { type: 'text', v: '' }],
    ['number', ' 0.5 ', { type: 'number', v: 0.5 }],
    ['boolean', 'false', { type: 'boolean', v: false }],
    ['datetime', '2026-05-02T14:00:00Z', { type: 'datetime', v: '2026-05-02T14:00:00Z' }],
    ['ref', ' project:atlas ', { type: 'ref', v: 'project:atlas' }],
    ['null', 'ignored', { type: 'null', v: null }],
  ] as const)('%s %j', (type, raw, value) => {
    expect(parseFactValueInput(type, raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['string', ''],
    ['number', ''],
    ['number', 'abc'],
    ['number', 'Infinity'],
    ['boolean', 'yes'],
    ['datetime', '2026-05-02 14:00'],
    ['datetime', '2026-05-02T14:00:00'],
    ['ref', '  '],
  ] as const)('refuses %s %j with a message', (type, raw) => {
    const parsed = parseFactValueInput(type, raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/\.$/);
  });
});

describe('valueToInput', () => {
  it('starts from a side value', () => {
    expect(valueToInput({ type: 'number', v: 3 })).toEqual({ type: 'number', raw: '3' });
    expect(valueToInput({ type: 'null', v: null })).toEqual({ type: 'null', raw: '' });
  });
});
