import { apiRoute } from '@/lib/http/api-route';
import { jobResponse } from '@/lib/jobs/jobs';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ handler: ({ params, principal }) => jobResponse(params.id, 'lint', principal) });

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
