import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { expiringQuerySchema, listExpiringKeys } from '@/lib/keys/expiring-keys';
import { ExpiringKeys } from '@/lib/wire/keys';

export const dynamic = 'force-dynamic';

// GET /v1/auth/keys/expiring-soon?within_days=30 (admin): the keys within the caller's scopes that
// expire within the window, soonest first (lib/keys/expiring-keys.ts).
export const GET = apiRoute({
  permission: 'admin',
  scope: 'listing',
  query: expiringQuerySchema,
  response: ExpiringKeys,
  handler: ({ scopes, query }) => listExpiringKeys(scopes, query.within_days),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
