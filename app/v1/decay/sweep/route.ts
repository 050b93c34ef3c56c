import { authorize } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { sweepRequestSchema } from '@/lib/decay/sweep-request';
import { sweepScope } from '@/lib/decay/sweep-scope';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  body: sweepRequestSchema,
  invalidStatus: 400,
  handler: async ({ body, principal }) => {
    authorize(principal, 'write', body.scope);
    const answer = await sweepScope(body, principal);
    return Response.json(answer.body, { status: answer.status });
  },
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
