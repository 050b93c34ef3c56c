import { apiRoute } from '@/lib/http/api-route';
import { autoResolve, autoResolveSchema } from '@/lib/conflicts/auto-resolve';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({ body: autoResolveSchema, invalidStatus: 400, handler: ({ body, principal }) => autoResolve(body, principal) });

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
