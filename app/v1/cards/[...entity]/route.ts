import { z } from 'zod';
import { getCard } from '@/lib/cards/get-card';
import { entityFromPath } from '@/lib/cards/entity-path';
import { scopeSchema } from '@/lib/facts/scope';
import { badRequest, notFound } from '@/lib/errors/domain-error';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { queryBoolean } from '@/lib/schemas/query-params';

export const dynamic = 'force-dynamic';

// GET /v1/cards/{entity_uri}?scope=local&refresh=false — the entity URI raw or percent-encoded in the path.
export const GET = apiRoute({
  permission: 'read',
  query: z.object({ scope: scopeSchema.default('local'), refresh: queryBoolean(false) }),
  scope: ({ query }) => query.scope,
  handler: async ({ params, query }) => {
    const entity = entityFromPath(params.entity ?? '');
    if (!entity) throw badRequest('invalid_entity_uri', 'entity_uri: must not be empty');
    const card = await getCard(entity, query.scope);
    if (!card) throw notFound('card_not_found', `${entity} has no live facts in scope ${query.scope}`);
    return card;
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
