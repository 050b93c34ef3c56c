import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { reviewHistory } from '@/lib/conflicts/review-history';
import { scopeSchema } from '@/lib/facts/scope';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { ReviewHistory } from '@/lib/wire/conflicts';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'read',
  scope: ({ query }) => query.scope,
  query: z.object({ scope: scopeSchema.optional(), days: z.coerce.number().int().min(1).max(366).default(30) }),
  invalidStatus: 400,
  response: ReviewHistory,
  handler: ({ query, scopes }) => reviewHistory(scopes, query.days),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
