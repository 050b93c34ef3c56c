import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { queryLimit } from '@/lib/http/query-params';
import { diffSnapshots } from '@/lib/synthesis/snapshots';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  query: z.object({ from: z.string({ error: 'from is required' }).min(1), to: z.string({ error: 'to is required' }).min(1), limit: queryLimit(500, 5000) }),
  invalidStatus: 400,
  handler: ({ query, principal }) => diffSnapshots(query.from, query.to, principal, query.limit),
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
