import { forbidden } from '../errors/domain-error';
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
  /** How the caller was recognised: a key, a dashboard session, an open node (auth off), or nobody (a public route). */
  via: 'bearer' | 'session' | 'open' | 'anonymous';
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

/** Scopes on which this principal holds `permission`, in protocol order. */
export function scopesWith(principal: Principal, permission: Permission): FactScope[] {
  return hasPermission(principal, permission) ? FACT_SCOPES.filter((s) => principal.allowedScopes.includes(s)) : [];
}

/** Scopes this principal may read, in protocol order. */
export const readableScopes = (principal: Principal): FactScope[] => scopesWith(principal, 'read');

export const OPEN_PRINCIPAL: Principal = {
  keyId: null,
  entityUri: 'stigmem://local/anonymous',
  permissions: ['admin'],
  allowedScopes: [...FACT_SCOPES],
  via: 'open',
};

/** The caller of a public route (node info, sign-in): no permission, no scope. */
export const ANONYMOUS_PRINCIPAL: Principal = {
  keyId: null,
  entityUri: 'stigmem://local/anonymous',
  permissions: [],
  allowedScopes: [],
  via: 'anonymous',
};
