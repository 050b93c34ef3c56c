import { z } from 'zod';
import { authorize } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { queryBoolean, queryLimit } from '@/lib/http/query-params';
import { scopeSchema } from '@/lib/facts/scope';
import { referenceSynthesize } from '@/lib/synthesis/reference-synthesize';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

// Compatibility with clients written for the reference node (its 422 on bad parameters).
export const GET = apiRoute({
  query: z.object({ include_expired: queryBoolean(false), limit: queryLimit(200, 1000) }),
  handler: async ({ params, query, principal }) => {
    const scope = scopeSchema.parse(params.scope);
    authorize(principal, 'read', scope);
    return referenceSynthesize(scope, query.include_expired, query.limit);
  },
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
