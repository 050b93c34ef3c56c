import { apiRoute } from '@/lib/http/api-route';
import { getConflict } from '@/lib/conflicts/get-conflict';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ handler: ({ params, principal }) => getConflict(params.id, principal) });

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
