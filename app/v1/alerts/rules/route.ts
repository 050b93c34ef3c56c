import { createRule, listRules, ruleInputSchema } from '@/lib/alerts/rule-store';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'read',
  handler: async () => ({ rules: await listRules() }),
});

export const POST = apiRoute({
  permission: 'admin',
  body: ruleInputSchema,
  scope: ({ body }) => body.scope,
  status: 201,
  handler: ({ body, principal }) => createRule(body, principal),
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET', 'POST');
