import { apiRoute } from '@/lib/http/api-route';
import { WebhookDeliveries } from '@/lib/wire/webhooks';
import { webhookReach } from '@/lib/webhooks/webhook-reach';
import { deliveriesQuerySchema, listDeliveries } from '@/lib/webhooks/webhook-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'admin',
  scope: ({ params }) => webhookReach(params.id),
  query: deliveriesQuerySchema,
  invalidStatus: 400,
  response: WebhookDeliveries,
  handler: ({ params, query }) => listDeliveries(params.id, query.limit),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
