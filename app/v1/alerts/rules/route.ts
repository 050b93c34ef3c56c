import { hasPermission } from '@/lib/auth/principal';
import { createRule, listRules, ruleInputSchema } from '@/lib/alerts/rule-store';
import { forbidden } from '@/lib/http/api-error';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  handler: async ({ principal }) => {
    if (!hasPermission(principal, 'read')) throw forbidden('this key lacks the read permission');
    return { rules: await listRules() };
  },
});

export const POST = apiRoute({ body: ruleInputSchema, status: 201, handler: ({ body, principal }) => createRule(body, principal) });

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST');
