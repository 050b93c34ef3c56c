import { authorize } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { sweepRequestSchema } from '@/lib/decay/sweep-request';
import { sweepScope } from '@/lib/decay/sweep-scope';

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
