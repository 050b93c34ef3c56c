import { muteInputSchema, muteRule, unmuteQuerySchema, unmuteRule } from '@/lib/alerts/alert-mutes';
import { muteReach } from '@/lib/alerts/rule-reach';
import { apiRoute } from '@/lib/http/api-route';
import { AlertMute } from '@/lib/wire/alerts';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

// Muting silences a rule where people already know: `write` on the scope it silences, like
// acknowledging. A mute without a scope silences every scope the rule covers: the rule's scope, or
// for a rule of every scope, every scope at once (global).
export const POST = apiRoute({
  permission: 'write',
  body: muteInputSchema,
  scope: ({ params, body }) => muteReach(params.id, body.scope),
  status: 201,
  response: AlertMute,
  audit: {
    action: 'alert_rule.mute',
    target: ({ params }) => params.id,
    detail: ({ body }) => ({ scope: body.scope ?? null, until: body.until.toISOString(), reason: body.reason ?? null }),
  },
  handler: ({ params, body, principal }) => muteRule(params.id, body, principal),
});

export const DELETE = apiRoute({
  permission: 'write',
  query: unmuteQuerySchema,
  scope: ({ params, query }) => muteReach(params.id, query.scope),
  response: AlertMute,
  audit: { action: 'alert_rule.unmute', target: ({ params }) => params.id, detail: ({ query }) => ({ scope: query.scope ?? null }) },
  handler: ({ params, query, principal }) => unmuteRule(params.id, query.scope ?? null, principal),
});

export const { GET, PUT, PATCH, OPTIONS } = methodNotAllowed('POST', 'DELETE');
