import { z } from 'zod';
import { authorize } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { REFERENCE_SWEEP_PARAMS, referenceSweep, referenceSweepQuerySchema } from '@/lib/decay/reference-sweep';
import { sweepRequestSchema } from '@/lib/decay/sweep-request';
import { sweepScope } from '@/lib/decay/sweep-scope';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

const isEmptyBody = (body: unknown) => body !== null && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0;

// §15.2 takes a JSON body; the reference node's cron form sends query parameters and no body.
export const POST = apiRoute({
  body: z.unknown(),
  query: referenceSweepQuerySchema,
  invalidStatus: 400,
  handler: async ({ req, body, query, principal }) => {
    const params = new URL(req.url).searchParams;
    if (isEmptyBody(body) && REFERENCE_SWEEP_PARAMS.some((name) => params.has(name))) {
      authorize(principal, 'write');
      const answer = await referenceSweep(query, principal);
      return Response.json(answer.body, { status: answer.status });
    }
    const request = sweepRequestSchema.parse(body);
    authorize(principal, 'write', request.scope);
    const answer = await sweepScope(request, principal);
    return Response.json(answer.body, { status: answer.status });
  },
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
