import { apiRoute } from '@/lib/http/api-route';
import { jobResponse } from '@/lib/jobs/jobs';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ handler: ({ params, principal }) => jobResponse(params.id, 'decay', principal) });
