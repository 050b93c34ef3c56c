import { healthSummary, summaryQuerySchema } from '@/lib/health-history/summary';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  query: summaryQuerySchema,
  invalidStatus: 400,
  handler: ({ query, principal }) => healthSummary(query, principal),
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
