import { describe, expect, it } from 'vitest';
import type { FactScope } from '../../facts/scope';
import { defaultDecayScope } from './default-decay-scope';

const ALL: FactScope[] = ['local', 'team', 'company', 'public'];
const every = () => true;

describe('defaultDecayScope', () => {
  it('opens on team when a policy reaches it and the key writes it (the demo: a * policy and a local one)', () => {
    expect(defaultDecayScope(ALL, every, [{ scope: '*' }, { scope: 'local' }])).toBe('team');
  });
  it('takes the first shared scope a policy reaches, local last', () => {
    expect(defaultDecayScope(ALL, every, [{ scope: 'company' }, { scope: 'local' }])).toBe('company');
    expect(defaultDecayScope(ALL, every, [{ scope: 'local' }])).toBe('local');
  });
  it('prefers a scope the key can write', () => {
    expect(defaultDecayScope(ALL, (s) => s === 'public', [{ scope: '*' }])).toBe('public');
  });
  it('falls back to a readable scope a policy reaches, then to the first readable one', () => {
    expect(defaultDecayScope(['local', 'company'], () => false, [{ scope: 'company' }])).toBe('company');
    expect(defaultDecayScope(['local', 'company'], every, [])).toBe('company');
    expect(defaultDecayScope(['local'], every, [])).toBe('local');
    expect(defaultDecayScope([], every, [{ scope: '*' }])).toBeUndefined();
  });
});
