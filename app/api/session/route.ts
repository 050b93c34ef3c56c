import { z } from 'zod';
import { readCookie } from '@/lib/auth/authenticate';
import { createSession, endSession, sessionCookie } from '@/lib/auth/sessions';
import { apiRoute } from '@/lib/http/api-route';
import { SESSION_COOKIE } from '@/lib/node/config';

export const dynamic = 'force-dynamic';

// Dashboard-only: exchange an API key for a session cookie (sign in), or end it (sign out).
export const POST = apiRoute({
  auth: false,
  body: z.object({ key: z.string({ error: 'key is required' }).min(1, 'key is required') }),
  handler: async ({ req, body }) => {
    const { token, expiresAt } = await createSession(body.key.trim());
    return Response.json({ signed_in: true }, { headers: { 'set-cookie': sessionCookie(req, token, expiresAt) } });
  },
});

export const DELETE = apiRoute({
  auth: false,
  handler: async ({ req }) => {
    await endSession(readCookie(req, SESSION_COOKIE));
    return Response.json({ signed_in: false }, { headers: { 'set-cookie': sessionCookie(req, '', null) } });
  },
});
