import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { FederationPeers } from '@/lib/wire/node';

export const dynamic = 'force-dynamic';

// Federation is disabled on this node (/.well-known/stigmem says so): no peers, for any key.
export const GET = apiRoute({ permission: 'authenticated', response: FederationPeers, handler: async () => ({ peers: [] }) });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
