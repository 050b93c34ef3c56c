import { z } from 'zod';
import { readCookie, SESSION_COOKIE, sessionCookie } from '@/lib/auth/session-cookie';
import { createSession, endSession } from '@/lib/auth/sessions';
import { apiRoute } from '@/lib/http/api-route';

export const dynamic = 'force-dynamic';

// Dashboard-only: exchange an API key for a session cookie (sign in), or end it (sign out).
export const POST = apiRoute({
  permission: 'public',
  body: z.object({ key: z.string({ error: 'key is required' }).min(1, 'key is required') }),
  handler: async ({ req, body }) => {
    const { token, expiresAt } = await createSession(body.key.trim());
    return Response.json({ signed_in: true }, { headers: { 'set-cookie': sessionCookie(req, token, expiresAt) } });
  },
});

export const DELETE = apiRoute({
  permission: 'public',
  handler: async ({ req }) => {
    await endSession(readCookie(req, SESSION_COOKIE));
    return Response.json({ signed_in: false }, { headers: { 'set-cookie': sessionCookie(req, '', null) } });
  },
});
