import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { authRequired, SESSION_COOKIE } from '../node/config';
import { ensureNodeSetup } from '../node/node-setup';
import { principalFromSession } from './authenticate';
import { OPEN_PRINCIPAL, type Principal } from './principal';

// Who is signed in to the dashboard, for server components. The same rules as the API: a valid
// session cookie wins; without one, an open node (STIGMEM_AUTH_REQUIRED=false) is OPEN_PRINCIPAL.
// Cached per request, so the layout and the page share one lookup.

export const currentPrincipal = cache(async (): Promise<Principal | null> => {
  await ensureNodeSetup();
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  const session = await principalFromSession(token);
  if (session) return session;
  return authRequired() ? null : OPEN_PRINCIPAL;
});

/** Only same-site paths: an open redirect through ?next= would hand the session page to anyone. */
export function safeReturnPath(raw: string | string[] | undefined): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** The principal, or a redirect to the sign-in page that brings the user back to `returnTo`. */
export async function requirePrincipal(returnTo: string): Promise<Principal> {
  const principal = await currentPrincipal();
  if (!principal) redirect(`/sign-in?next=${encodeURIComponent(safeReturnPath(returnTo))}`);
  return principal;
}
