import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { queryBoolean, queryLimit } from '@/lib/schemas/query-params';
import { scopeSchema } from '@/lib/facts/scope';
import { referenceSynthesize } from '@/lib/synthesis/reference-synthesize';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { ReferenceSynthesis } from '@/lib/wire/cards';

export const dynamic = 'force-dynamic';

// Compatibility with clients written for the reference node (its 422 on bad parameters).
export const GET = apiRoute({
  permission: 'read',
  query: z.object({ include_expired: queryBoolean(false), limit: queryLimit(200, 1000) }),
  scope: ({ params }) => scopeSchema.parse(params.scope),
  response: ReferenceSynthesis,
  handler: ({ query, scopes: [scope] }) => referenceSynthesize(scope, query.include_expired, query.limit),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
