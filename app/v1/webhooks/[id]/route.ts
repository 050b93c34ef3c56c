import { apiRoute } from '@/lib/http/api-route';
import { Webhook } from '@/lib/wire/webhooks';
import { reachOf } from '@/lib/auth/authority';
import { webhookReach } from '@/lib/webhooks/webhook-reach';
import { deleteWebhook, replaceWebhook, webhookInputSchema } from '@/lib/webhooks/webhook-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

// A change needs the destination's scopes before and after it.
export const PUT = apiRoute({
  permission: 'admin',
  body: webhookInputSchema,
  scope: async ({ params, body }) => [...(await webhookReach(params.id)), ...reachOf(body.scopes, 'global')],
  audit: { action: 'webhook.replace', target: ({ params }) => params.id },
  response: Webhook,
  handler: ({ params, body }) => replaceWebhook(params.id, body),
});

export const DELETE = apiRoute({
  permission: 'admin',
  scope: ({ params }) => webhookReach(params.id),
  audit: { action: 'webhook.delete', target: ({ params }) => params.id },
  statuses: [204],
  handler: async ({ params }) => {
    await deleteWebhook(params.id);
    return new Response(null, { status: 204 });
  },
});

export const { GET, POST, PATCH, OPTIONS } = methodNotAllowed('PUT', 'DELETE');
