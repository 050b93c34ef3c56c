import { apiRoute } from '@/lib/http/api-route';
import { lintRequestSchema } from '@/lib/lint/lint-request';
import { lintAndRecord } from '@/lib/health-history/lint-and-record';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'read',
  body: lintRequestSchema,
  scope: ({ body }) => body.scope,
  invalidStatus: 400,
  handler: async ({ body, principal }) => {
    const answer = await lintAndRecord(body, principal);
    return Response.json(answer.body, { status: answer.status });
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
