import { changesQuerySchema, readChanges } from '@/lib/changes/read-changes';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { NodeChanges } from '@/lib/wire/changes';

export const dynamic = 'force-dynamic';

// What changed in the caller's readable scopes (or the one named), for pages and scripts that poll.
export const GET = apiRoute({
  permission: 'read',
  query: changesQuerySchema,
  scope: ({ query }) => query.scope,
  invalidStatus: 400,
  response: NodeChanges,
  handler: ({ scopes }) => readChanges(scopes),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
