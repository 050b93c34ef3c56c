import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { recordScope } from '@/lib/auth/record-scope';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { admitFact, decideBodySchema } from '@/lib/quarantine/moderate-quarantine';

export const dynamic = 'force-dynamic';

// Spec-08: admit a pending quarantined fact (409 when it was already decided). The reference takes
// the reason as a query parameter; a JSON body {"reason"} is read too.
export const POST = apiRoute({
  permission: 'admin',
  body: decideBodySchema,
  query: z.object({ reason: z.string().max(2_000, 'reason is at most 2000 characters').optional() }),
  scope: ({ params }) => recordScope('fact', params.fact_id),
  audit: { action: 'quarantine.admit', target: ({ params }) => params.fact_id },
  handler: ({ body, params, principal, query }) => admitFact(params.fact_id, { reason: body.reason || query.reason || '' }, principal),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
