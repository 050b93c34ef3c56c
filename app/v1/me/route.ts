import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { Whoami } from '@/lib/wire/keys';

export const dynamic = 'force-dynamic';

// The calling key, as the reference node's whoami: who it writes as and what it may reach.
export const GET = apiRoute({
  permission: 'authenticated',
  response: Whoami,
  handler: async ({ principal }) => ({
    entity_uri: principal.entityUri,
    permissions: principal.permissions,
    allowed_scopes: principal.allowedScopes,
  }),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
