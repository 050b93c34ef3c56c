import { apiRoute } from '@/lib/http/api-route';
import { WebhookTestQueued } from '@/lib/wire/webhooks';
import { webhookReach } from '@/lib/webhooks/webhook-reach';
import { sendTest } from '@/lib/webhooks/webhook-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'admin',
  scope: ({ params }) => webhookReach(params.id),
  status: 202,
  response: WebhookTestQueued,
  audit: { action: 'webhook.test', target: ({ params }) => params.id },
  handler: ({ params }) => sendTest(params.id),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
