import { alertsQuerySchema, listAlertGroups, listAlerts } from '@/lib/alerts/alert-store';
import { apiRoute } from '@/lib/http/api-route';
import { AlertList } from '@/lib/wire/alerts';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'read',
  query: alertsQuerySchema,
  scope: ({ query }) => query.scope,
  invalidStatus: 400,
  response: AlertList,
  handler: ({ query, scopes }) => (query.group ? listAlertGroups(query, scopes) : listAlerts(query, scopes)),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
