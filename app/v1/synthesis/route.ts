import { authorize } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { synthesisRequestSchema } from '@/lib/synthesis/synthesis-request';
import { synthesizePage, synthesizeStream } from '@/lib/synthesis/synthesize';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  body: synthesisRequestSchema,
  invalidStatus: 400,
  handler: async ({ body, principal }) => {
    authorize(principal, 'read', body.scope);
    if (body.limit) return synthesizePage({ ...body, limit: body.limit });
    return new Response(await synthesizeStream(body), { headers: { 'content-type': 'application/json' } });
  },
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
