import { apiRoute } from '@/lib/http/api-route';
import { getScopeSettings, scopeSettingsSchema, updateScopeSettings } from '@/lib/conflicts/scope-settings';
import { scopeSchema } from '@/lib/facts/scope';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { ScopeSettings } from '@/lib/wire/conflicts';

export const dynamic = 'force-dynamic';

const pathScope = ({ params }: { params: Record<string, string> }) => scopeSchema.parse(params.scope);

export const GET = apiRoute({
  permission: 'read',
  scope: pathScope,
  invalidStatus: 400,
  response: ScopeSettings,
  handler: ({ params }) => getScopeSettings(pathScope({ params })),
});

export const PUT = apiRoute({
  permission: 'admin',
  body: scopeSettingsSchema,
  scope: pathScope,
  invalidStatus: 400,
  response: ScopeSettings,
  audit: { action: 'scope_settings.update', target: ({ params }) => params.scope },
  handler: ({ params, body, principal }) => updateScopeSettings(pathScope({ params }), body, principal),
});

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET', 'PUT');
