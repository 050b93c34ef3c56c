import { healthSummary, summaryQuerySchema } from '@/lib/health-history/summary';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'read',
  query: summaryQuerySchema,
  scope: ({ query }) => query.scope,
  invalidStatus: 400,
  handler: ({ query, scopes }) => healthSummary(query, scopes),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
