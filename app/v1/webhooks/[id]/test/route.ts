import { apiRoute } from '@/lib/http/api-route';
import { sendTest } from '@/lib/webhooks/webhook-store';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({ status: 202, handler: ({ params, principal }) => sendTest(params.id, principal) });
