import { z } from 'zod';
import { notFound } from '@/lib/errors/domain-error';
import { asOfField, readAsOf } from '@/lib/time-travel/as-of';
import { atInstant } from '@/lib/time-travel/at-instant';
import { apiRoute } from '@/lib/http/api-route';
import { factLocation, getFact } from '@/lib/facts/query-facts';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { FactRecord } from '@/lib/wire/records';

export const dynamic = 'force-dynamic';

// A fact in a scope the key cannot read answers 404, like an unknown one: ids do not leak.
export const GET = apiRoute({
  permission: 'read',
  // Another scope's fact answers 404 like an unknown one: the lookup filters by the key's scopes.
  scope: 'listing',
  query: z.object({ as_of: asOfField }),
  response: FactRecord,
  handler: async ({ params, scopes, query }) => {
    // As of an instant: the fact as the log held it then (404 when it was not written yet), `contradicted` then.
    const asOf = query.as_of === undefined ? null : await readAsOf(query.as_of);
    const where = asOf ? await factLocation(params.id) : null;
    const fact = !asOf
      ? await getFact(params.id, scopes)
      : where && scopes.includes(where.scope)
        ? await atInstant(asOf, { scopes: [where.scope], entity: where.entity }, (tx, at) => getFact(params.id, [where.scope], [], tx, at))
        : null;
    if (!fact) throw notFound('fact_not_found', asOf ? `no fact with id ${params.id} as of ${asOf.text}` : `no fact with id ${params.id}`);
    return fact;
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
