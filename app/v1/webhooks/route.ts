import { apiRoute } from '@/lib/http/api-route';
import { Webhook, WebhookList } from '@/lib/wire/webhooks';
import { reachOf } from '@/lib/auth/authority';
import { createWebhook, listWebhooks, webhookInputSchema } from '@/lib/webhooks/webhook-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ permission: 'admin', scope: 'listing', response: WebhookList, handler: ({ scopes }) => listWebhooks(scopes) });

// A destination of no scope receives every scope's alerts: it is global.
export const POST = apiRoute({
  permission: 'admin',
  body: webhookInputSchema,
  scope: ({ body }) => reachOf(body.scopes, 'global'),
  status: 201,
  response: Webhook,
  audit: { action: 'webhook.create', target: (_input, hook) => (hook as { id: string }).id },
  handler: ({ body, principal }) => createWebhook(body, principal),
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET', 'POST');
