import { deleteRule, replaceRule, ruleInputSchema } from '@/lib/alerts/rule-store';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute({ body: ruleInputSchema, handler: ({ params, body, principal }) => replaceRule(params.id, body, principal) });

export const DELETE = apiRoute({
  handler: async ({ params, principal }) => {
    await deleteRule(params.id, principal);
    return new Response(null, { status: 204 });
  },
});

export const { GET, POST, PATCH } = methodNotAllowed('PUT', 'DELETE');
