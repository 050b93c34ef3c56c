import { describe, expect, it } from 'vitest';
import { identifierParts } from './identifier-parts';

describe('identifierParts', () => {
  it('breaks after separators, never inside a word', () => {
    expect(identifierParts('preference:editor')).toEqual(['preference:', 'editor']);
    expect(identifierParts('stigmem://acme/user/alice')).toEqual(['stigmem:', '/', '/', 'acme/', 'user/', 'alice']);
    expect(identifierParts('system:stigmem:decay-sweep_2')).toEqual(['system:', 'stigmem:', 'decay-', 'sweep_', '2']);
  });
  it('keeps the text whole when joined, including a trailing separator', () => {
    for (const text of ['a:b:', '::', 'plain', 'x/y.z', 'ünïcode:wörd']) expect(identifierParts(text).join('')).toBe(text);
  });
  it('gives no parts for an empty string', () => {
    expect(identifierParts('')).toEqual([]);
  });
});
