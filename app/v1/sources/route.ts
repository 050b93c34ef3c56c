import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { listSources, sourcesQuerySchema } from '@/lib/sources/list-sources';
import { SourceList } from '@/lib/wire/sources';

export const dynamic = 'force-dynamic';

// The sources of one scope with their evidence (docs/api.md § Sources): read permission on the scope.
export const GET = apiRoute({
  permission: 'read',
  query: sourcesQuerySchema,
  scope: ({ query }) => query.scope,
  response: SourceList,
  handler: ({ query }) => listSources(query),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
