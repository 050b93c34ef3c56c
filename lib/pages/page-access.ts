import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { config } from '../config/config';
import { principalFromSession } from '../auth/authenticate';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { isFactScope, type FactScope } from '../facts/scope';
import { can, OPEN_PRINCIPAL, type Permission, type Principal, readableScopes, scopesWith } from '../auth/principal';
import { holdsEveryScope } from '../auth/authority';
import { safeReturnPath } from './safe-return-path';

// Who is signed in to the dashboard, for server components. The same rules as the API: a valid
// session cookie wins; without one, an open node (STIGMEM_AUTH_REQUIRED=false) is OPEN_PRINCIPAL.
// Cached per request, so the layout and the page share one lookup.

export const currentPrincipal = cache(async (): Promise<Principal | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const session = await principalFromSession(token);
  if (session) return session;
  return config().authRequired ? null : OPEN_PRINCIPAL;
});

export interface PageAccess {
  principal: Principal;
  /** What the page may show: every scope the principal can read, or the one scope the page is about. */
  scopes: FactScope[];
  /** For what the page offers (buttons, forms); the API checks again when they are used. */
  can(permission: Permission, scope?: FactScope): boolean;
  /** The scopes on which the principal holds `permission`: what an admin's listings (keys, webhooks) may show. */
  scopesWith(permission: Permission): FactScope[];
  /** Whether it holds `permission` on every scope: node-wide objects (maintenance, global webhooks) need it. */
  everyScope(permission: Permission): boolean;
}

/**
 * The dashboard pages' access check, the equivalent of the route wrapper's: a visitor who is not
 * signed in goes to the sign-in page (and comes back to `returnTo`); a page about one scope the
 * principal cannot read answers 404, like an unknown scope.
 */
export async function pageAccess(returnTo: string, options: { scope?: string } = {}): Promise<PageAccess> {
  const principal = await currentPrincipal();
  if (!principal) redirect(`/sign-in?next=${encodeURIComponent(safeReturnPath(returnTo))}`);
  const readable = readableScopes(principal);
  const { scope } = options;
  if (scope !== undefined && !(isFactScope(scope) && readable.includes(scope))) notFound();
  return {
    principal,
    scopes: scope !== undefined ? [scope as FactScope] : readable,
    can: (permission, on) => can(principal, permission, on),
    scopesWith: (permission) => scopesWith(principal, permission),
    everyScope: (permission) => holdsEveryScope(principal, permission),
  };
}
