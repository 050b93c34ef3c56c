import { z } from 'zod';
import { requireJson, requireSameOrigin } from '@/lib/auth/same-origin';
import { readCookie, SESSION_COOKIE, sessionCookie } from '@/lib/auth/session-cookie';
import { createSession, endSession, type SessionKey } from '@/lib/auth/sessions';
import type { AuditNote } from '@/lib/http/audit-request';
import { apiRoute } from '@/lib/http/api-route';
import type { FactScope } from '@/lib/facts/scope';
import { SessionState } from '@/lib/wire/records';

export const dynamic = 'force-dynamic';

/** The audit entry of a sign-in or sign-out names the key the session is for. */
function noteKey(audit: AuditNote, key: SessionKey | null): void {
  if (!key) return;
  audit.actor = { keyId: key.id, entityUri: key.entityUri, via: 'session' };
  audit.scopes = key.allowedScopes as FactScope[];
}

// Dashboard-only: exchange an API key for a session cookie (sign in), or end it (sign out). Sign-in
// takes only JSON from the dashboard's own origin, so another site cannot sign a visitor's browser
// in with the attacker's key (login CSRF).
export const POST = apiRoute({
  permission: 'public',
  precondition: (req) => {
    requireSameOrigin(req, 'sign-in');
    requireJson(req);
  },
  body: z.object({ key: z.string({ error: 'key is required' }).min(1, 'key is required') }),
  audit: { action: 'session.sign_in' },
  response: SessionState,
  handler: async ({ req, body, audit }) => {
    const { token, expiresAt, key } = await createSession(body.key.trim());
    noteKey(audit, key);
    return Response.json({ signed_in: true }, { headers: { 'set-cookie': sessionCookie(req, token, expiresAt) } });
  },
});

export const DELETE = apiRoute({
  permission: 'public',
  audit: { action: 'session.sign_out' },
  response: SessionState,
  handler: async ({ req, audit }) => {
    noteKey(audit, await endSession(readCookie(req, SESSION_COOKIE)));
    return Response.json({ signed_in: false }, { headers: { 'set-cookie': sessionCookie(req, '', null) } });
  },
});
