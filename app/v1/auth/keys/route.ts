import { apiRoute } from '@/lib/http/api-route';
import { createApiKey, createKeySchema } from '@/lib/keys/create-api-key';
import { keysPageSchema, listApiKeys } from '@/lib/keys/list-api-keys';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { CreatedKey, KeyList } from '@/lib/wire/records';

export const dynamic = 'force-dynamic';

// A key may hand out only what it holds: scopes within its own, permissions it has (lib/auth/authority.ts).
export const POST = apiRoute({
  permission: 'admin',
  body: createKeySchema,
  scope: ({ body }) => body.allowed_scopes,
  grants: ({ body }) => body.permissions,
  status: 201,
  response: CreatedKey,
  // The detail is written for a created key: its expiry as stored (an instant in UTC), or null.
  audit: {
    action: 'key.create',
    target: (_input, key) => (key as { id: string }).id,
    detail: ({ body }, key) => ({ permissions: body.permissions, expires_at: (key as { expires_at: string | null }).expires_at }),
  },
  handler: ({ body }) => createApiKey(body),
});

/** The keys within the caller's scopes, newest first; the body is the reference's array, the next page's cursor is in X-Next-Cursor and Link. */
export const GET = apiRoute({
  permission: 'admin',
  scope: 'listing',
  query: keysPageSchema,
  response: KeyList,
  invalidStatus: 400,
  handler: async ({ scopes, query, req }) => {
    const { keys, nextCursor } = await listApiKeys(scopes, query);
    const headers = new Headers();
    if (nextCursor) {
      const next = new URL(req.url);
      next.searchParams.set('cursor', nextCursor);
      headers.set('x-next-cursor', nextCursor);
      headers.set('link', `<${next.pathname}${next.search}>; rel="next"`);
    }
    return Response.json(keys, { headers });
  },
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET', 'POST');
