import { apiRoute } from '@/lib/http/api-route';
import { getJob } from '@/lib/jobs/jobs';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ handler: ({ params, principal }) => getJob(params.id, 'decay', principal) });
