import { z } from 'zod';
import { badRequest } from '@/lib/errors/domain-error';
import { MAX_URI_BYTES, normalizeUri, uriTooLong } from '@/lib/facts/normalize';
import { scopeSchema } from '@/lib/facts/scope';
import { graphNeighbors, MAX_NEIGHBOR_DEPTH } from '@/lib/graph/neighbors';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { asOfField, asOfFields, readAsOf } from '@/lib/time-travel/as-of';
import { atInstant } from '@/lib/time-travel/at-instant';
import { NeighborsResponse } from '@/lib/wire/graph';

export const dynamic = 'force-dynamic';

const neighborsQuery = z.object({
  entity: z
    .string({ error: 'entity is required' })
    .transform(normalizeUri)
    .pipe(z.string().min(1, 'entity must not be empty').refine((uri) => !uriTooLong(uri), `entity is longer than ${MAX_URI_BYTES} bytes`))
    .describe('Seed entity URI'),
  // As on the reference node: the schema holds the minimum (422 below it), the cap answers 400.
  depth: z.coerce.number({ error: 'depth must be an integer' }).int('depth must be an integer').min(1, 'depth must be at least 1').default(1).describe(`Traversal depth (1–${MAX_NEIGHBOR_DEPTH})`),
  scope: scopeSchema.optional().describe('One scope; without it, every scope the key reads'),
  relation_filter: z.string().min(1, 'relation_filter must not be empty').max(512, 'relation_filter is longer than 512 characters').optional().describe("An exact relation or a prefix glob ('memory:*')"),
  min_confidence: z.coerce.number({ error: 'min_confidence must be a number' }).min(0, 'min_confidence must be in [0, 1]').max(1, 'min_confidence must be in [0, 1]').default(0.1),
  page_size: z.coerce.number({ error: 'page_size must be an integer' }).int('page_size must be an integer').min(1, 'page_size must be at least 1').max(200, 'page_size must be at most 200').default(20),
  cursor: z.string().max(2000, 'cursor is too long').optional(),
  as_of: asOfField,
});

// GET /v1/graph/neighbors?entity=&depth=1&scope=&relation_filter=&min_confidence=0.1&page_size=20&cursor=&as_of=
// (read on the scope, or on every scope the key reads when none is named): lib/graph/neighbors.ts.
export const GET = apiRoute({
  permission: 'read',
  query: neighborsQuery,
  scope: ({ query }) => query.scope ?? null,
  response: NeighborsResponse,
  handler: async ({ query, scopes }) => {
    if (query.depth > MAX_NEIGHBOR_DEPTH) throw badRequest('depth_too_large', `depth: at most ${MAX_NEIGHBOR_DEPTH} hops (got ${query.depth})`);
    const request = {
      entity: query.entity,
      depth: query.depth,
      scopes,
      relationFilter: query.relation_filter,
      minConfidence: query.min_confidence,
      pageSize: query.page_size,
      cursor: query.cursor,
    };
    if (query.as_of === undefined) return graphNeighbors(request);
    // The neighbourhood as the log held it then (docs/api.md § Time travel).
    const asOf = await readAsOf(query.as_of);
    const answer = scopes.length ? await atInstant(asOf, { scopes }, (tx, at) => graphNeighbors(request, tx, at)) : await graphNeighbors(request);
    return { ...answer, ...asOfFields(asOf) };
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
