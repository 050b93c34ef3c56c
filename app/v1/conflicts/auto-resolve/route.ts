import { apiRoute } from '@/lib/http/api-route';
import { autoResolve, autoResolveSchema } from '@/lib/conflicts/auto-resolve';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({ body: autoResolveSchema, invalidStatus: 400, handler: ({ body, principal }) => autoResolve(body, principal) });
