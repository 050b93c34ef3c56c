import { apiRoute } from '@/lib/http/api-route';
import { deleteWebhook, replaceWebhook, webhookInputSchema } from '@/lib/webhooks/webhook-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute({ permission: 'admin', body: webhookInputSchema, handler: ({ params, body }) => replaceWebhook(params.id, body) });

export const DELETE = apiRoute({
  permission: 'admin',
  handler: async ({ params }) => {
    await deleteWebhook(params.id);
    return new Response(null, { status: 204 });
  },
});

export const { GET, POST, PATCH, OPTIONS } = methodNotAllowed('PUT', 'DELETE');
