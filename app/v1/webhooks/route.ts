import { apiRoute } from '@/lib/http/api-route';
import { createWebhook, listWebhooks, webhookInputSchema } from '@/lib/webhooks/webhook-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ permission: 'admin', handler: () => listWebhooks() });

export const POST = apiRoute({ permission: 'admin', body: webhookInputSchema, status: 201, handler: ({ body, principal }) => createWebhook(body, principal) });

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET', 'POST');
