import { authorize } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { lintRequestSchema } from '@/lib/lint/lint-request';
import { lintAndRecord } from '@/lib/health-history/lint-and-record';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  body: lintRequestSchema,
  invalidStatus: 400,
  handler: async ({ body, principal }) => {
    authorize(principal, 'read', body.scope);
    const answer = await lintAndRecord(body, principal);
    return Response.json(answer.body, { status: answer.status });
  },
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
