import { z } from 'zod';
import { recordScope } from '../auth/record-scope';
import { apiRoute } from '../http/api-route';
import { admitFact, decideBodySchema, rejectFact } from './moderate-quarantine';
import { QuarantineRecord } from '../wire/quarantine';

const DECIDE = { admit: admitFact, reject: rejectFact } as const;

/**
 * POST /v1/quarantine/{fact_id}/admit and /reject (Spec-08): decide a pending quarantined fact (409
 * when it was already decided). The reference sends the reason as a query parameter; a JSON body
 * {"reason"} is read too. Moderating is the admin permission on the fact's scope.
 */
export function quarantineDecisionRoute(decision: keyof typeof DECIDE) {
  return apiRoute({
    permission: 'admin',
    body: decideBodySchema,
    query: z.object({ reason: z.string().max(2_000, 'reason is at most 2000 characters').optional() }),
    scope: ({ params }) => recordScope('fact', params.fact_id),
    response: QuarantineRecord,
    audit: { action: `quarantine.${decision}`, target: ({ params }) => params.fact_id },
    handler: ({ body, params, principal, query }) => DECIDE[decision](params.fact_id, { reason: body.reason || query.reason || '' }, principal),
  });
}
