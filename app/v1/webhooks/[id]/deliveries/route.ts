import { apiRoute } from '@/lib/http/api-route';
import { deliveriesQuerySchema, listDeliveries } from '@/lib/webhooks/webhook-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  query: deliveriesQuerySchema,
  invalidStatus: 400,
  handler: ({ params, query, principal }) => listDeliveries(params.id, query.limit, principal),
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
