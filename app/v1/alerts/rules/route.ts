import { ruleTarget } from '@/lib/alerts/rule-reach';
import { createRule, listRules, ruleInputSchema } from '@/lib/alerts/rule-store';
import { apiRoute } from '@/lib/http/api-route';
import { AlertRule, AlertRuleList } from '@/lib/wire/alerts';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'read',
  scope: 'listing',
  response: AlertRuleList,
  handler: async ({ scopes }) => ({ rules: await listRules(scopes) }),
});

export const POST = apiRoute({
  permission: 'admin',
  body: ruleInputSchema,
  scope: ({ body }) => ruleTarget(body.scope),
  status: 201,
  response: AlertRule,
  audit: { action: 'alert_rule.create', target: (_input, rule) => (rule as { id: string }).id },
  handler: ({ body, principal }) => createRule(body, principal),
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET', 'POST');
