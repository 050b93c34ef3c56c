import { z } from 'zod';
import { authorize, readableScopes } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { queryLimit, queryUri } from '@/lib/http/query-params';
import { CONFLICT_STATUS_FILTERS, listConflicts } from '@/lib/conflicts/list-conflicts';
import { scopeSchema } from '@/lib/facts/scope';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  query: z.object({
    status: z.enum(CONFLICT_STATUS_FILTERS, { error: `must be one of ${CONFLICT_STATUS_FILTERS.join(', ')}` }).default('all'),
    scope: scopeSchema.optional(),
    entity: queryUri,
    relation: z.string().optional(),
    cursor: z.string().optional(),
    limit: queryLimit(),
  }),
  handler: async ({ query, principal }) => {
    if (query.scope) authorize(principal, 'read', query.scope);
    else authorize(principal, 'read');
    return listConflicts({ ...query, scopes: query.scope ? [query.scope] : readableScopes(principal) });
  },
});
