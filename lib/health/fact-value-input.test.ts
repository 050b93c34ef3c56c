import { describe, expect, it } from 'vitest';
import { parseValueInput } from './fact-value-input';

describe('parseValueInput', () => {
  it.each([
    ['string', 'Acme Inc', { type: 'string', v: 'Acme Inc' }],
    ['string', ' spaced ', { type: 'string', v: ' spaced ' }],
    ['text', 'line one\nline two', { type: 'text', v: 'line one\nline two' }],
    ['number', ' 42 ', { type: 'number', v: 42 }],
    ['number', '-3.5', { type: 'number', v: -3.5 }],
    ['boolean', 'true', { type: 'boolean', v: true }],
    ['boolean', 'false', { type: 'boolean', v: false }],
    ['datetime', '2026-05-02T14:00:00Z', { type: 'datetime', v: '2026-05-02T14:00:00Z' }],
    ['ref', ' stigmem://acme/user/bob ', { type: 'ref', v: 'stigmem://acme/user/bob' }],
    ['null', 'ignored', { type: 'null' }],
  ] as const)('%s %j', (type, raw, value) => {
    expect(parseValueInput(type, raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['string', ''],
    ['number', ''],
    ['number', 'forty'],
    ['number', 'Infinity'],
    ['boolean', 'yes'],
    ['datetime', '2026-05-02'],
    ['datetime', '2026-05-02T14:00:00'],
    ['ref', '   '],
  ] as const)('refuses %s %j with a message', (type, raw) => {
    const result = parseValueInput(type, raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/\w/);
  });
});
