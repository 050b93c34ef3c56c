import { z } from 'zod';
import { badRequest, notFound } from '@/lib/errors/domain-error';
import { factProvenance, MAX_PROVENANCE_DEPTH } from '@/lib/facts/provenance';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { ProvenanceAnswer } from '@/lib/wire/facts';

export const dynamic = 'force-dynamic';

// GET /v1/facts/{id}/provenance?depth=5 (read): the derived_from walk (lib/facts/provenance.ts).
export const GET = apiRoute({
  permission: 'read',
  // Another scope's fact answers 404 like an unknown one, as GET /v1/facts/{id} does.
  scope: 'listing',
  query: z.object({
    depth: z.coerce.number({ error: 'depth must be an integer' }).int('depth must be an integer').min(1, 'depth must be at least 1').default(5).describe(`Levels of derived_from to follow (1–${MAX_PROVENANCE_DEPTH})`),
  }),
  response: ProvenanceAnswer,
  handler: async ({ params, scopes, query }) => {
    if (query.depth > MAX_PROVENANCE_DEPTH) throw badRequest('depth_too_large', `depth: at most ${MAX_PROVENANCE_DEPTH} levels (got ${query.depth})`);
    const answer = await factProvenance(params.id, scopes, query.depth);
    if (!answer) throw notFound('fact_not_found', `no fact with id ${params.id}`);
    return answer;
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
