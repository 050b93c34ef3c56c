import { apiRoute } from '@/lib/http/api-route';
import { reopenConflict } from '@/lib/conflicts/reopen-conflict';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({ handler: ({ params, principal }) => reopenConflict(params.id, principal) });

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
