import { describe, expect, it } from 'vitest';
import { rowActionName } from './row-action-name';

describe('rowActionName', () => {
  it('starts with the visible text and names the row', () => {
    expect(rowActionName('Retract now', { entity: 'user:alice', relation: 'preference:editor' })).toBe('Retract now: preference:editor on user:alice');
  });
  it('names the entity alone when the finding has no relation', () => {
    expect(rowActionName('Open entity', { entity: 'user:alice', relation: null })).toBe('Open entity: user:alice');
  });
  it('gives two rows two names', () => {
    const a = rowActionName('Preview retraction', { entity: 'user:alice', relation: 'memory:x' });
    const b = rowActionName('Preview retraction', { entity: 'user:bob', relation: 'memory:x' });
    expect(a).not.toBe(b);
  });
});
