import { forbidden } from '../errors/domain-error';
import { FACT_SCOPES, type FactScope } from '../facts/scope';
import { authorize, hasPermission, type Permission, type Principal, scopesWith } from './principal';

// Authority is a lattice (docs/semantics.md § Identity and access): a key creates, sees or changes
// only what touches a subset of its own scopes, with no more permissions than it holds. What a
// request touches is declared on its route (lib/http/api-route.ts) and checked here, once.
// Something that touches every scope at once — a decay policy for `*`, a webhook or alert rule with
// no scopes, the node's own tables — is global: only a key holding the permission on every scope
// (the bootstrap admin, an open node) may act on it.

export const GLOBAL = 'global' as const;

/** What an object or a request touches: some scopes (none is a key that reaches nothing), or every scope at once. */
export type Reach = readonly FactScope[] | typeof GLOBAL;

/** Whether `principal` holds `permission` on every scope the node has. */
export const holdsEveryScope = (principal: Principal, permission: Permission): boolean =>
  scopesWith(principal, permission).length === FACT_SCOPES.length;

/** Refuses (403) unless `principal` may act with `permission` on what touches `reach`. */
export function authorizeReach(principal: Principal, permission: Permission, reach: Reach): void {
  if (reach !== GLOBAL) {
    authorize(principal, permission);
    for (const scope of reach) authorize(principal, permission, scope);
    return;
  }
  authorize(principal, permission);
  if (!holdsEveryScope(principal, permission)) {
    throw forbidden(`this acts on every scope at once; it needs a key with the ${permission} permission on all of ${FACT_SCOPES.join(', ')}`);
  }
}

/** Refuses (403) to hand out a permission the caller does not hold itself (a key it creates). */
export function authorizeGrant(principal: Principal, granted: readonly Permission[]): void {
  const above = granted.filter((permission) => !hasPermission(principal, permission));
  if (above.length) throw forbidden(`a key cannot grant a permission it does not hold (${above.join(', ')})`);
}

/**
 * Whether something of these scopes is within `held` (the scopes a listing may show): a subset of
 * them. `none` says what an object without scopes is — a key that reaches nothing (within every
 * reach) or a global object (within reach only of a key that holds every scope).
 */
export function withinScopes(held: readonly FactScope[], scopes: readonly string[], none: 'nothing' | 'global'): boolean {
  if (!scopes.length) return none === 'nothing' || held.length === FACT_SCOPES.length;
  return scopes.every((scope) => (held as readonly string[]).includes(scope));
}

/** A route's target for an object of these scopes (lib/http/api-route.ts ScopeTarget): none means global, or nothing. */
export function reachOf(scopes: readonly string[], none: 'nothing' | 'global'): (FactScope | typeof GLOBAL)[] {
  if (!scopes.length) return none === 'global' ? [GLOBAL] : [];
  return scopes.filter((scope): scope is FactScope => (FACT_SCOPES as readonly string[]).includes(scope));
}
