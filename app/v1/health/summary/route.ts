import { healthSummary, summaryQuerySchema } from '@/lib/health-history/summary';
import { apiRoute } from '@/lib/http/api-route';
import { HealthSummary } from '@/lib/wire/health';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'read',
  query: summaryQuerySchema,
  scope: ({ query }) => query.scope,
  invalidStatus: 400,
  response: HealthSummary,
  handler: ({ query, scopes }) => healthSummary(query, scopes),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
