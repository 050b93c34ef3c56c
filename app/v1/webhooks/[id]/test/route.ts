import { apiRoute } from '@/lib/http/api-route';
import { sendTest } from '@/lib/webhooks/webhook-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({ permission: 'admin', status: 202, handler: ({ params }) => sendTest(params.id) });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
