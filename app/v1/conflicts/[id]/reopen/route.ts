import { apiRoute } from '@/lib/http/api-route';
import { reopenConflict } from '@/lib/conflicts/reopen-conflict';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({ handler: ({ params, principal }) => reopenConflict(params.id, principal) });
