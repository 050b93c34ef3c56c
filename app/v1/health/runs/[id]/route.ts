import { getRun } from '@/lib/health-history/run-queries';
import { apiRoute } from '@/lib/http/api-route';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ handler: ({ params, principal }) => getRun(params.id, principal) });
