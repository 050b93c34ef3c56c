import { deleteRule, replaceRule, ruleInputSchema } from '@/lib/alerts/rule-store';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { recordScope } from '@/lib/auth/record-scope';

export const dynamic = 'force-dynamic';

// A rule of one scope needs admin on it, before and after a change; a rule of every scope, admin.
export const PUT = apiRoute({
  permission: 'admin',
  body: ruleInputSchema,
  scope: async ({ params, body }) => [await recordScope('rule', params.id), body.scope].filter((scope) => scope !== null),
  handler: ({ params, body }) => replaceRule(params.id, body),
});

export const DELETE = apiRoute({
  permission: 'admin',
  scope: ({ params }) => recordScope('rule', params.id),
  handler: async ({ params }) => {
    await deleteRule(params.id);
    return new Response(null, { status: 204 });
  },
});

export const { GET, POST, PATCH, OPTIONS } = methodNotAllowed('PUT', 'DELETE');
