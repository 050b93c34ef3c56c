import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { queryLimit } from '@/lib/http/query-params';
import { deleteSnapshot, getSnapshot } from '@/lib/synthesis/snapshots';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  query: z.object({ offset: z.coerce.number().int().min(0).default(0), limit: queryLimit(200, 1000) }),
  invalidStatus: 400,
  handler: ({ params, query, principal }) => getSnapshot(params.id, principal, query.offset, query.limit),
});

export const DELETE = apiRoute({
  handler: async ({ params, principal }) => {
    await deleteSnapshot(params.id, principal);
    return new Response(null, { status: 204 });
  },
});

export const { POST, PUT, PATCH } = methodNotAllowed('GET', 'DELETE');
