import { describe, expect, it } from 'vitest';
import { entityFromPath } from './entity-path';

describe('entityFromPath', () => {
  it('rebuilds a raw URI from catch-all segments, whether Next collapsed its "//" or not', () => {
    expect(entityFromPath(['stigmem:', 'acme', 'user', 'alice'])).toBe('stigmem://acme/user/alice');
    expect(entityFromPath(['stigmem:', '', 'acme', 'user', 'alice'])).toBe('stigmem://acme/user/alice');
  });
  it('takes a percent-decoded URI in one segment as it is', () => {
    expect(entityFromPath(['stigmem://acme/user/alice'])).toBe('stigmem://acme/user/alice');
  });
  it('leaves URIs without a collapsed authority alone and normalizes like entities', () => {
    expect(entityFromPath(['user:alice'])).toBe('user:alice');
    expect(entityFromPath(['project', 'Atlas'])).toBe('project/atlas');
  });
});
