import { GLOBAL } from '../auth/authority';
import { SESSION_COOKIE } from '../auth/session-cookie';
import type { RouteDeclaration } from '../http/api-route';
import type { JsonSchema } from './json-schema';

// Who may call a route, as its declaration says (docs/semantics.md § Identity and access): the
// permission, and what the request touches — the scopes its input or record names, every scope at
// once (global), or whatever the key holds (a listing, filtered by the handler).

export const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer <key>`.' },
  session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The dashboard\u2019s session; a change sent with it must come from the dashboard\u2019s own origin.' },
};

const AUTHENTICATED = [{ apiKey: [] }, { session: [] }];

export interface RouteAccess {
  /** read, write, admin; `public` (no key); `authenticated` (any valid key); `by-input` (the request decides). */
  permission: string;
  /** `input` (the scopes the request or its record names), `global`, `listing`, or `none`. */
  scope: 'input' | 'global' | 'listing' | 'none';
  security: JsonSchema[];
  description: string;
}

const SCOPE_TEXT = {
  input: 'on the scope(s) the request names, or the scope of the record it names',
  global: 'on every scope (node-wide objects)',
  listing: 'on a scope; the answer holds only the scopes the key holds it on',
  none: '',
};

export function describeAccess(declaration: RouteDeclaration): RouteAccess {
  if (declaration.permission === 'public') return { permission: 'public', scope: 'none', security: [], description: 'Public: no key needed.' };
  if (declaration.permission === 'authenticated') return { permission: 'authenticated', scope: 'none', security: AUTHENTICATED, description: 'Any valid key, whatever its permissions.' };
  const scope = declaration.scope === 'listing' ? 'listing' : declaration.scope === GLOBAL ? 'global' : 'input';
  if (typeof declaration.permission === 'function') {
    return { permission: 'by-input', scope, security: AUTHENTICATED, description: `The permission depends on the request (a dry run reads, a real run writes; docs/api.md), held ${SCOPE_TEXT[scope]}.` };
  }
  return { permission: declaration.permission, scope, security: AUTHENTICATED, description: `Needs the \`${declaration.permission}\` permission ${SCOPE_TEXT[scope]}.` };
}
