import { apiRoute } from '@/lib/http/api-route';
import { nodeInfo } from '@/lib/node/node-info';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { NodeInfo } from '@/lib/wire/records';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ permission: 'public', response: NodeInfo, handler: ({ req }) => nodeInfo(req.url, req.headers) });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
