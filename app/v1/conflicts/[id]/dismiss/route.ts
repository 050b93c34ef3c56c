import { apiRoute } from '@/lib/http/api-route';
import { dismissBodySchema, dismissConflict } from '@/lib/conflicts/dismiss-conflict';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  body: dismissBodySchema,
  handler: ({ body, params, principal }) => dismissConflict(params.id, body, principal),
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
