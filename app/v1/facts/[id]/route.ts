import { notFound } from '@/lib/errors/domain-error';
import { apiRoute } from '@/lib/http/api-route';
import { getFact } from '@/lib/facts/query-facts';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

// A fact in a scope the key cannot read answers 404, like an unknown one: ids do not leak.
export const GET = apiRoute({
  permission: 'read',
  // Another scope's fact answers 404 like an unknown one: the lookup filters by the key's scopes.
  scope: 'listing',
  handler: async ({ params, scopes }) => {
    const fact = await getFact(params.id, scopes);
    if (!fact) throw notFound('fact_not_found', `no fact with id ${params.id}`);
    return fact;
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
