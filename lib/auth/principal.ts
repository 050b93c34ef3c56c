import { forbidden } from '../http/api-error';
import { FACT_SCOPES, type FactScope } from '../facts/scope';

// Who is calling, and what they may do (docs/semantics.md § Identity and access). Permissions nest: admin ⊇ write ⊇ read.
// Scope checks apply to every permission: a key reaches only its allowed_scopes (empty = none).

export const PERMISSIONS = ['read', 'write', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export interface Principal {
  keyId: string | null;
  entityUri: string;
  permissions: Permission[];
  allowedScopes: FactScope[];
  via: 'bearer' | 'session' | 'open';
}

const rank: Record<Permission, number> = { read: 1, write: 2, admin: 3 };

export function hasPermission(principal: Principal, needed: Permission): boolean {
  return principal.permissions.some((p) => rank[p] >= rank[needed]);
}

export function can(principal: Principal, needed: Permission, scope?: string): boolean {
  return hasPermission(principal, needed) && (scope === undefined || (principal.allowedScopes as string[]).includes(scope));
}

export function authorize(principal: Principal, needed: Permission, scope?: string): void {
  if (!hasPermission(principal, needed)) throw forbidden(`this key lacks the ${needed} permission`);
  if (scope !== undefined && !(principal.allowedScopes as string[]).includes(scope)) {
    throw forbidden(`this key has no access to scope "${scope}"`);
  }
}

/** Scopes this principal may read, in protocol order. */
export function readableScopes(principal: Principal): FactScope[] {
  return hasPermission(principal, 'read') ? FACT_SCOPES.filter((s) => principal.allowedScopes.includes(s)) : [];
}

export const OPEN_PRINCIPAL: Principal = {
  keyId: null,
  entityUri: 'stigmem://local/anonymous',
  permissions: ['admin'],
  allowedScopes: [...FACT_SCOPES],
  via: 'open',
};
