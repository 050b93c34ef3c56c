import { describe, expect, it } from 'vitest';
import { factValueText, factValueType, formatConfidence } from './fact-value-text';

describe('fact value text', () => {
  it('renders every value type as one line, null as (null)', () => {
    expect(factValueText({ type: 'null', v: null })).toBe('(null)');
    expect(factValueText({ type: 'boolean', v: false })).toBe('false');
    expect(factValueText({ type: 'number', v: 0 })).toBe('0');
    expect(factValueText({ type: 'datetime', v: '2026-05-02T14:00:00Z' })).toBe('2026-05-02T14:00:00Z');
    expect(factValueText({ type: 'ref', v: 'stigmem://x' })).toBe('stigmem://x');
  });

  it('names the type of a value and nothing else', () => {
    expect(factValueType({ type: 'text', v: 'x' })).toBe('text');
    expect(factValueType(null)).toBeUndefined();
    expect(factValueType('text')).toBeUndefined();
  });

  it('formats confidence with two decimals, a dash without one', () => {
    expect(formatConfidence(0.875)).toBe('0.88');
    expect(formatConfidence(1)).toBe('1.00');
    expect(formatConfidence(null)).toBe('—');
    expect(formatConfidence(Number.NaN)).toBe('—');
  });
});
