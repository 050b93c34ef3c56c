import { authorize, readableScopes } from '@/lib/auth/principal';
import { notFound } from '@/lib/http/api-error';
import { apiRoute } from '@/lib/http/api-route';
import { getFact } from '@/lib/facts/query-facts';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

// A fact in a scope the key cannot read answers 404, like an unknown one: ids do not leak.
export const GET = apiRoute({
  handler: async ({ params, principal }) => {
    authorize(principal, 'read');
    const fact = await getFact(params.id, readableScopes(principal));
    if (!fact) throw notFound('fact_not_found', `no fact with id ${params.id}`);
    return fact;
  },
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
