import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error';
import { asOfFields, parseAsOf } from './as-of';

const NOW = new Date('2026-11-26T12:00:00Z');
const codeOf = (text: string) => {
  try {
    parseAsOf(text, NOW);
    return 'ok';
  } catch (error) {
    return error instanceof DomainError ? `${error.kind} ${error.code}` : String(error);
  }
};

describe('as_of', () => {
  it('reads an RFC 3339 instant as every HLC up to the end of its millisecond, and an HLC as itself', () => {
    const instant = parseAsOf('2026-11-20T14:00:00.123+01:00', NOW);
    expect(instant.instant.toISOString()).toBe('2026-11-20T13:00:00.123Z');
    expect(instant.hlc).toEqual({ wall: Date.parse('2026-11-20T13:00:00.123Z'), counter: 999_999_999 });
    const hlc = parseAsOf(' 1763647200000.004 ', NOW);
    expect(hlc).toMatchObject({ hlc: { wall: 1763647200000, counter: 4 }, text: '1763647200000.004' });
    expect(asOfFields(hlc)).toEqual({ as_of: '2025-11-20T14:00:00Z', as_of_hlc: '1763647200000.004' });
  });

  it('refuses what is not an instant, and an instant past the node\u2019s clock', () => {
    for (const bad of ['yesterday', '2026-11-20', '2026-11-20T14:00:00', '1.2.3', '-5', '', '1763647200000.', 'NaN']) expect(codeOf(bad), bad).toBe('bad_request invalid_as_of');
    expect(codeOf('2026-11-26T12:00:04Z')).toBe('ok'); // within the clock skew allowed
    expect(codeOf('2026-11-26T12:00:06Z')).toBe('bad_request as_of_in_future');
    expect(codeOf(`${NOW.getTime() + 60_000}.000`)).toBe('bad_request as_of_in_future');
  });
});
