import { z } from 'zod';
import { badRequest } from '@/lib/errors/domain-error';
import { apiRoute } from '@/lib/http/api-route';
import { queryUri } from '@/lib/facts/normalize';
import { queryLimit } from '@/lib/schemas/query-params';
import { divergenceOf, listDivergences } from '@/lib/conflicts/divergence';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { Divergence } from '@/lib/wire/conflicts';

export const dynamic = 'force-dynamic';

// With entity and relation: that pair's live winner in each readable scope. With neither (or only
// entity): the list of entity/relation pairs whose winners differ across readable scopes.
export const GET = apiRoute({
  permission: 'read',
  scope: 'listing',
  query: z.object({ entity: queryUri, relation: z.string().min(1).optional(), offset: z.coerce.number().int().min(0).default(0), limit: queryLimit(50, 200) }),
  invalidStatus: 400,
  response: Divergence,
  handler: async ({ query, scopes }) => {
    if (query.relation && !query.entity) throw badRequest('validation_error', 'relation needs entity');
    if (query.entity && query.relation) return divergenceOf(scopes, query.entity, query.relation);
    return listDivergences(scopes, { entity: query.entity, offset: query.offset, limit: query.limit });
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
