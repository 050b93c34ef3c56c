import { ruleReach, ruleTarget } from '@/lib/alerts/rule-reach';
import { deleteRule, replaceRule, ruleInputSchema } from '@/lib/alerts/rule-store';
import { apiRoute } from '@/lib/http/api-route';
import { AlertRule } from '@/lib/wire/alerts';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

// A rule of one scope needs admin on it, before and after a change; a rule of every scope is global.
export const PUT = apiRoute({
  permission: 'admin',
  body: ruleInputSchema,
  scope: async ({ params, body }) => [await ruleReach(params.id), ruleTarget(body.scope)],
  audit: { action: 'alert_rule.replace', target: ({ params }) => params.id },
  response: AlertRule,
  handler: ({ params, body }) => replaceRule(params.id, body),
});

export const DELETE = apiRoute({
  permission: 'admin',
  scope: ({ params }) => ruleReach(params.id),
  audit: { action: 'alert_rule.delete', target: ({ params }) => params.id },
  statuses: [204],
  handler: async ({ params }) => {
    await deleteRule(params.id);
    return new Response(null, { status: 204 });
  },
});

export const { GET, POST, PATCH, OPTIONS } = methodNotAllowed('PUT', 'DELETE');
