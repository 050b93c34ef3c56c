import { describe, expect, it } from 'vitest';
import { MAX_URI_BYTES, normalizeUri, queryUri, uriTooLong } from './normalize';

describe('normalizeUri', () => {
  it.each([
    [' Stigmem://A  B ', 'stigmem://a-b'],
    ['stigmem://already-normal', 'stigmem://already-normal'],
    ['\tMixed Case\nWith\r\nBreaks ', 'mixed-case-with-breaks'],
    ['STIGMEM://Ä Ö', 'stigmem://ä-ö'],
    ['a\u00a0b', 'a-b'],
    ['   ', ''],
    ['', ''],
  ])('%j → %j', (raw, normalized) => {
    expect(normalizeUri(raw)).toBe(normalized);
  });

  it('is idempotent', () => {
    const once = normalizeUri('  Some   Entity\tURI ');
    expect(normalizeUri(once)).toBe(once);
  });

  it('limits URIs by UTF-8 bytes, not characters', () => {
    expect(uriTooLong('a'.repeat(MAX_URI_BYTES))).toBe(false);
    expect(uriTooLong('a'.repeat(MAX_URI_BYTES + 1))).toBe(true);
    expect(uriTooLong('é'.repeat(MAX_URI_BYTES / 2))).toBe(false);
    expect(uriTooLong('é'.repeat(MAX_URI_BYTES / 2 + 1))).toBe(true);
  });
});

describe('queryUri', () => {
  it('normalizes an entity-like query parameter and refuses an empty one', () => {
    expect(queryUri.parse(' Stigmem://A  B ')).toBe('stigmem://a-b');
    expect(queryUri.safeParse('   ').success).toBe(false);
  });
});
