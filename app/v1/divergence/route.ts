import { z } from 'zod';
import { authorize, readableScopes } from '@/lib/auth/principal';
import { badRequest } from '@/lib/http/api-error';
import { apiRoute } from '@/lib/http/api-route';
import { queryLimit, queryUri } from '@/lib/http/query-params';
import { divergenceOf, listDivergences } from '@/lib/conflicts/divergence';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

// With entity and relation: that pair's live winner in each readable scope. With neither (or only
// entity): the list of entity/relation pairs whose winners differ across readable scopes.
export const GET = apiRoute({
  query: z.object({ entity: queryUri, relation: z.string().min(1).optional(), offset: z.coerce.number().int().min(0).default(0), limit: queryLimit(50, 200) }),
  invalidStatus: 400,
  handler: async ({ query, principal }) => {
    authorize(principal, 'read');
    const scopes = readableScopes(principal);
    if (query.relation && !query.entity) throw badRequest('validation_error', 'relation needs entity');
    if (query.entity && query.relation) return divergenceOf(scopes, query.entity, query.relation);
    return listDivergences(scopes, { entity: query.entity, offset: query.offset, limit: query.limit });
  },
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
