import { GLOBAL } from '@/lib/auth/authority';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { getClusterStatus } from '@/lib/node/cluster-status';
import { ClusterStatus } from '@/lib/wire/node';

export const dynamic = 'force-dynamic';

/** This instance's id, the leaders of the scheduler and of maintenance, and who holds each open job (node-wide: an admin of every scope). */
export const GET = apiRoute({ permission: 'admin', scope: GLOBAL, response: ClusterStatus, handler: ({ scopes }) => getClusterStatus(scopes) });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
