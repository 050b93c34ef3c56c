import { apiRoute } from '@/lib/http/api-route';
import { LintAnswer } from '@/lib/wire/lint';
import { lintRequestSchema } from '@/lib/lint/lint-request';
import { lintAndRecord } from '@/lib/health-history/lint-and-record';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { lintAsOf } from '@/lib/lint/lint-as-of';
import { lintPage } from '@/lib/lint/lint-page';
import { asOfField, readAsOf } from '@/lib/time-travel/as-of';
import { badRequest } from '@/lib/errors/domain-error';
import { bodyCursor, bodyPageLimit } from '@/lib/schemas/query-params';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'read',
  body: lintRequestSchema.extend({
    as_of: asOfField,
    /** Extension: one page of the findings in §14.2's order, with `next_cursor` (docs/api.md § Lint). */
    limit: bodyPageLimit,
    cursor: bodyCursor,
  }),
  scope: ({ body }) => body.scope,
  invalidStatus: 400,
  statuses: [200, 202],
  response: LintAnswer,
  handler: async ({ body: { as_of, limit, cursor, ...request }, principal }) => {
    if (cursor && !limit) throw badRequest('validation_error', 'cursor: give limit with it (the page size)');
    if (as_of !== undefined) {
      if (limit) throw badRequest('validation_error', 'limit: a lint as_of an instant is answered whole; leave out limit and cursor');
      return Response.json(await lintAsOf(request, await readAsOf(as_of)));
    }
    if (limit) return Response.json(await lintPage(request, limit, cursor));
    const answer = await lintAndRecord(request, principal);
    return Response.json(answer.body, { status: answer.status });
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
