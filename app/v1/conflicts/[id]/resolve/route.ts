import { apiRoute } from '@/lib/http/api-route';
import { resolveBodySchema, resolveConflict } from '@/lib/conflicts/resolve-conflict';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  body: resolveBodySchema,
  handler: ({ body, params, principal }) => resolveConflict(params.id, body, principal),
});
