import { apiRoute } from '@/lib/http/api-route';
import { getConflict } from '@/lib/conflicts/get-conflict';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ handler: ({ params, principal }) => getConflict(params.id, principal) });
