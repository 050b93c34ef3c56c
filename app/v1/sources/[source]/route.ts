import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { getSourceDetail, sourceDetailQuerySchema } from '@/lib/sources/source-detail';
import { SourceDetail } from '@/lib/wire/sources';

export const dynamic = 'force-dynamic';

// One source of a scope, with the contradictions and findings behind its counts (docs/api.md § Sources).
export const GET = apiRoute({
  permission: 'read',
  query: sourceDetailQuerySchema,
  scope: ({ query }) => query.scope,
  response: SourceDetail,
  handler: ({ query, params }) => getSourceDetail(params.source, query),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
