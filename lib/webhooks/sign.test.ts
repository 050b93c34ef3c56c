import { describe, expect, it } from 'vitest';
import { retryDelayMs, signBody, verifySignature } from './sign';

describe('webhook signatures', () => {
  it('signs the exact body with the secret', () => {
    const sig = signBody('s3cret', '{"a":1}');
    expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature('s3cret', '{"a":1}', sig)).toBe(true);
    expect(verifySignature('s3cret', '{"a":2}', sig)).toBe(false);
    expect(verifySignature('other', '{"a":1}', sig)).toBe(false);
    expect(verifySignature('s3cret', '{"a":1}', null)).toBe(false);
  });

  it('backs off exponentially up to an hour', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(5)).toBe(480_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
