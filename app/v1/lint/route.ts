import { authorize } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { lintRequestSchema } from '@/lib/lint/lint-request';
import { lintScope } from '@/lib/lint/lint-scope';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  body: lintRequestSchema,
  invalidStatus: 400,
  handler: async ({ body, principal }) => {
    authorize(principal, 'read', body.scope);
    const answer = await lintScope(body, principal);
    return Response.json(answer.body, { status: answer.status });
  },
});
