import { authorize } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { getScopeSettings, scopeSettingsSchema, updateScopeSettings } from '@/lib/conflicts/scope-settings';
import { scopeSchema } from '@/lib/facts/scope';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  invalidStatus: 400,
  handler: async ({ params, principal }) => {
    const scope = scopeSchema.parse(params.scope);
    authorize(principal, 'read', scope);
    return getScopeSettings(scope);
  },
});

export const PUT = apiRoute({
  body: scopeSettingsSchema,
  invalidStatus: 400,
  handler: async ({ params, body, principal }) => {
    const scope = scopeSchema.parse(params.scope);
    authorize(principal, 'admin', scope);
    return updateScopeSettings(scope, body, principal);
  },
});

export const { POST, PATCH, DELETE } = methodNotAllowed('GET', 'PUT');
