import { getReplicaStatus } from '@/lib/db/replicas/replica-status';
import { GLOBAL } from '@/lib/auth/authority';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { ReplicaStatus } from '@/lib/wire/node';

export const dynamic = 'force-dynamic';

/** The read replicas (DATABASE_READ_URL): state and lag of each, and where whole-scope reads ran. */
export const GET = apiRoute({ permission: 'admin', scope: GLOBAL, response: ReplicaStatus, handler: () => getReplicaStatus() });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
