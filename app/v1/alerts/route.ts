import { alertsQuerySchema, listAlerts } from '@/lib/alerts/alert-store';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  query: alertsQuerySchema,
  invalidStatus: 400,
  handler: ({ query, principal }) => listAlerts(query, principal),
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
