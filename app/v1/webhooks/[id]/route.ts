import { apiRoute } from '@/lib/http/api-route';
import { deleteWebhook, replaceWebhook, webhookInputSchema } from '@/lib/webhooks/webhook-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute({ body: webhookInputSchema, handler: ({ params, body, principal }) => replaceWebhook(params.id, body, principal) });

export const DELETE = apiRoute({
  handler: async ({ params, principal }) => {
    await deleteWebhook(params.id, principal);
    return new Response(null, { status: 204 });
  },
});

export const { GET, POST, PATCH } = methodNotAllowed('PUT', 'DELETE');
