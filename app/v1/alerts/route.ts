import { alertsQuerySchema, listAlerts } from '@/lib/alerts/alert-store';
import { apiRoute } from '@/lib/http/api-route';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  query: alertsQuerySchema,
  invalidStatus: 400,
  handler: ({ query, principal }) => listAlerts(query, principal),
});
