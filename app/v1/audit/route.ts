import { scopesWith } from '@/lib/auth/principal';
import { auditQuerySchema, listAudit } from '@/lib/audit/list-audit';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { AuditPage } from '@/lib/wire/audit';

export const dynamic = 'force-dynamic';

// The audit log (admin): a named scope must be one the key administers (403 otherwise); what the
// key sees is decided by all the scopes it administers (lib/audit/list-audit.ts), so `scope=team`
// narrows to entries touching team among those, rather than to entries of team alone.
export const GET = apiRoute({
  permission: 'admin',
  query: auditQuerySchema,
  scope: ({ query }) => query.scope,
  invalidStatus: 400,
  response: AuditPage,
  handler: ({ query, principal }) => listAudit(query, scopesWith(principal, 'admin')),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
