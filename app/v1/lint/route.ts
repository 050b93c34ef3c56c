import { apiRoute } from '@/lib/http/api-route';
import { LintAnswer } from '@/lib/wire/lint';
import { lintRequestSchema } from '@/lib/lint/lint-request';
import { lintAndRecord } from '@/lib/health-history/lint-and-record';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { lintAsOf } from '@/lib/lint/lint-as-of';
import { asOfField, readAsOf } from '@/lib/time-travel/as-of';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'read',
  body: lintRequestSchema.extend({ as_of: asOfField }),
  scope: ({ body }) => body.scope,
  invalidStatus: 400,
  statuses: [200, 202],
  response: LintAnswer,
  handler: async ({ body: { as_of, ...request }, principal }) => {
    if (as_of !== undefined) return Response.json(await lintAsOf(request, await readAsOf(as_of)));
    const answer = await lintAndRecord(request, principal);
    return Response.json(answer.body, { status: answer.status });
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
