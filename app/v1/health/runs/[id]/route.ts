import { getRun } from '@/lib/health-history/run-queries';
import { apiRoute } from '@/lib/http/api-route';
import { HealthRunDetail } from '@/lib/wire/health';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

// A run of a scope the key cannot read answers 404 like an unknown id, so ids do not leak.
export const GET = apiRoute({ permission: 'read', scope: 'listing', response: HealthRunDetail, handler: ({ params, scopes }) => getRun(params.id, scopes) });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
