import { z } from 'zod';
import { authorize, readableScopes } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { reviewHistory } from '@/lib/conflicts/review-history';
import { scopeSchema } from '@/lib/facts/scope';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  query: z.object({ scope: scopeSchema.optional(), days: z.coerce.number().int().min(1).max(366).default(30) }),
  invalidStatus: 400,
  handler: async ({ query, principal }) => {
    if (query.scope) authorize(principal, 'read', query.scope);
    else authorize(principal, 'read');
    return reviewHistory(query.scope ? [query.scope] : readableScopes(principal), query.days);
  },
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
