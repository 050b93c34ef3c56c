import { GLOBAL } from '../auth/authority';
import { type FactScope, isFactScope } from '../facts/scope';
import type { DecayPolicy } from './decay-policy';
import { listPolicies } from './policy-store';

// What a decay policy touches, for its routes to authorize (lib/auth/authority.ts). A policy of
// one scope is that scope's; a policy for `*` applies to every scope: changing it is global, and
// reading it is every reader's, since it decays their scope too.

/** The target of changing a policy of this scope; null for a scope that is not one (the body fails its validation). */
export function policyTarget(scope: unknown): FactScope | typeof GLOBAL | null {
  if (scope === '*') return GLOBAL;
  return isFactScope(scope) ? scope : null;
}

/** The stored or configured policy `id`, or null. */
async function findPolicy(id: string): Promise<DecayPolicy | null> {
  return (await listPolicies()).find((policy) => policy.id === id) ?? null;
}

/** The target of changing policy `id`: its scope, GLOBAL for `*`, null when unknown. */
export async function policyReach(id: string): Promise<FactScope | typeof GLOBAL | null> {
  const policy = await findPolicy(id);
  return policy ? policyTarget(policy.scope) : null;
}

/** The target of reading policy `id`: its scope; none for `*` (any reader), null when unknown. */
export async function policyReadReach(id: string): Promise<FactScope | readonly FactScope[] | null> {
  const policy = await findPolicy(id);
  if (!policy) return null;
  return isFactScope(policy.scope) ? policy.scope : [];
}

/** The policies a listing shows to a reader of `scopes`: theirs and those for `*`. */
export const visiblePolicies = (policies: DecayPolicy[], scopes: readonly FactScope[]): DecayPolicy[] =>
  policies.filter((policy) => policy.scope === '*' || (scopes as readonly string[]).includes(policy.scope));
