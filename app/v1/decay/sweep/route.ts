import { z } from 'zod';
import { apiRoute, type RouteInput } from '@/lib/http/api-route';
import { SweepAnswer } from '@/lib/wire/decay';
import { REFERENCE_SWEEP_PARAMS, referenceSweep, referenceSweepQuerySchema } from '@/lib/decay/reference-sweep';
import { sweepRequestSchema } from '@/lib/decay/sweep-request';
import { sweepScope } from '@/lib/decay/sweep-scope';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

const isEmptyBody = (body: unknown) => body !== null && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0;

/** The reference node's cron form: query parameters and no body. */
const isReferenceForm = ({ req, body }: RouteInput<unknown, unknown>) =>
  isEmptyBody(body) && REFERENCE_SWEEP_PARAMS.some((name) => new URL(req.url).searchParams.has(name));

// §15.2 takes a JSON body; the reference node's cron form sends query parameters and no body
// (every scope the key can write, or the one named).
export const POST = apiRoute({
  permission: 'write',
  body: z.unknown(),
  query: referenceSweepQuerySchema,
  scope: (input) => (isReferenceForm(input) ? input.query.scope : sweepRequestSchema.parse(input.body).scope),
  invalidStatus: 400,
  statuses: [200, 202],
  response: SweepAnswer,
  // A dry run writes nothing: only the sweeps that apply are recorded.
  audit: { action: 'decay.sweep', skip: (input) => (isReferenceForm(input) ? input.query.dry_run : sweepRequestSchema.parse(input.body).mode === 'dry_run') },
  handler: async (ctx) => {
    const answer = isReferenceForm(ctx) ? await referenceSweep(ctx.query, ctx.scopes, ctx.principal) : await sweepScope(sweepRequestSchema.parse(ctx.body), ctx.principal);
    return Response.json(answer.body, { status: answer.status });
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
