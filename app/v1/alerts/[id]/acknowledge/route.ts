import { acknowledgeAlert, acknowledgeSchema } from '@/lib/alerts/alert-store';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  body: acknowledgeSchema,
  handler: ({ params, body, principal }) => acknowledgeAlert(params.id, body.note ?? null, principal),
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
