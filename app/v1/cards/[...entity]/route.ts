import { z } from 'zod';
import { getCard } from '@/lib/cards/get-card';
import { entityFromPath } from '@/lib/cards/entity-path';
import { scopeSchema } from '@/lib/facts/scope';
import { badRequest, notFound } from '@/lib/errors/domain-error';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { queryBoolean } from '@/lib/schemas/query-params';
import { asOfField, asOfFields, readAsOf } from '@/lib/time-travel/as-of';
import { atInstant } from '@/lib/time-travel/at-instant';
import { MemoryCard } from '@/lib/wire/cards';

export const dynamic = 'force-dynamic';

// GET /v1/cards/{entity_uri}?scope=local&refresh=false — the entity URI raw or percent-encoded in the path.
export const GET = apiRoute({
  permission: 'read',
  query: z.object({ scope: scopeSchema.default('local'), refresh: queryBoolean(false), as_of: asOfField }),
  scope: ({ query }) => query.scope,
  response: MemoryCard,
  handler: async ({ params, query }) => {
    const entity = entityFromPath(params.entity ?? '');
    if (!entity) throw badRequest('invalid_entity_uri', 'entity_uri: must not be empty');
    if (query.as_of !== undefined) {
      // The card as it read then (docs/api.md § Time travel).
      const asOf = await readAsOf(query.as_of);
      const card = await atInstant(asOf, { scopes: [query.scope], entity }, (tx, at) => getCard(entity, query.scope, tx, at));
      if (!card) throw notFound('card_not_found', `${entity} had no live facts in scope ${query.scope} as of ${asOf.text}`);
      return { ...card, ...asOfFields(asOf) };
    }
    const card = await getCard(entity, query.scope);
    if (!card) throw notFound('card_not_found', `${entity} has no live facts in scope ${query.scope}`);
    return card;
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
