import { getRun } from '@/lib/health-history/run-queries';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ handler: ({ params, principal }) => getRun(params.id, principal) });

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
