import { apiRoute } from '@/lib/http/api-route';
import { resolveBodySchema, resolveConflict } from '@/lib/conflicts/resolve-conflict';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  body: resolveBodySchema,
  handler: ({ body, params, principal }) => resolveConflict(params.id, body, principal),
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
