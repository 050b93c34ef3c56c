import { apiRoute } from '@/lib/http/api-route';
import { nodeInfo } from '@/lib/node/node-info';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ auth: false, handler: ({ req }) => nodeInfo(req.url) });
