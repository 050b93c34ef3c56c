import { describe, expect, it } from 'vitest';
import { authorizeGrant, authorizeReach, GLOBAL, holdsEveryScope, reachOf, withinScopes } from './authority';
import type { Permission, Principal } from './principal';
import type { FactScope } from '../facts/scope';

const key = (permissions: Permission[], allowedScopes: FactScope[]): Principal => ({ keyId: 'k', entityUri: 'stigmem://t/k', permissions, allowedScopes, via: 'bearer' });
const ALL: FactScope[] = ['local', 'team', 'company', 'public'];

describe('the authority lattice', () => {
  it('lets a key act within its scopes and permission, nowhere else', () => {
    const teamAdmin = key(['admin'], ['team']);
    expect(() => authorizeReach(teamAdmin, 'admin', ['team'])).not.toThrow();
    expect(() => authorizeReach(teamAdmin, 'admin', [])).not.toThrow();
    expect(() => authorizeReach(teamAdmin, 'admin', ['team', 'company'])).toThrow(/scope "company"/);
    expect(() => authorizeReach(key(['read'], ['team']), 'write', ['team'])).toThrow(/write permission/);
    // No scope named still needs the permission itself.
    expect(() => authorizeReach(key(['read'], ['team']), 'admin', [])).toThrow(/admin permission/);
  });

  it('keeps global objects to keys with the permission on every scope', () => {
    expect(() => authorizeReach(key(['admin'], ALL), 'admin', GLOBAL)).not.toThrow();
    expect(() => authorizeReach(key(['admin'], ['local', 'team', 'company']), 'admin', GLOBAL)).toThrow(/every scope/);
    expect(() => authorizeReach(key(['admin'], []), 'admin', GLOBAL)).toThrow(/every scope/);
    expect(() => authorizeReach(key(['write'], ALL), 'admin', GLOBAL)).toThrow(/admin permission/);
    expect(holdsEveryScope(key(['read'], ALL), 'admin')).toBe(false);
    expect(holdsEveryScope(key(['admin'], ALL), 'read')).toBe(true);
  });

  it('never hands out a permission the caller lacks', () => {
    expect(() => authorizeGrant(key(['write'], ALL), ['read', 'write'])).not.toThrow();
    expect(() => authorizeGrant(key(['write'], ALL), ['admin'])).toThrow(/does not hold \(admin\)/);
    expect(() => authorizeGrant(key(['admin'], []), ['read', 'write', 'admin'])).not.toThrow();
  });

  it('shows in listings what lies within the held scopes; objects of no scope are nothing or global', () => {
    expect(withinScopes(['team'], ['team'], 'global')).toBe(true);
    expect(withinScopes(['team'], ['team', 'company'], 'global')).toBe(false);
    expect(withinScopes(['team'], [], 'nothing')).toBe(true);
    expect(withinScopes(['team'], [], 'global')).toBe(false);
    expect(withinScopes(ALL, [], 'global')).toBe(true);
    expect(withinScopes([], [], 'global')).toBe(false);
  });

  it('turns an object’s scopes into a route target', () => {
    expect(reachOf(['team', 'company'], 'global')).toEqual(['team', 'company']);
    expect(reachOf([], 'global')).toEqual([GLOBAL]);
    expect(reachOf([], 'nothing')).toEqual([]);
  });
});
