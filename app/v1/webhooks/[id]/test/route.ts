import { apiRoute } from '@/lib/http/api-route';
import { sendTest } from '@/lib/webhooks/webhook-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({ status: 202, handler: ({ params, principal }) => sendTest(params.id, principal) });

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
