import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { SnapshotDetail } from '@/lib/wire/synthesis';
import { queryLimit } from '@/lib/schemas/query-params';
import { deleteSnapshot, getSnapshot } from '@/lib/synthesis/snapshots';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { recordScope } from '@/lib/auth/record-scope';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'read',
  query: z.object({ offset: z.coerce.number().int().min(0).default(0), limit: queryLimit(200, 1000) }),
  scope: ({ params }) => recordScope('snapshot', params.id),
  invalidStatus: 400,
  response: SnapshotDetail,
  handler: ({ params, query }) => getSnapshot(params.id, query.offset, query.limit),
});

export const DELETE = apiRoute({
  permission: 'write',
  scope: ({ params }) => recordScope('snapshot', params.id),
  audit: { action: 'snapshot.delete', target: ({ params }) => params.id },
  statuses: [204],
  handler: async ({ params }) => {
    await deleteSnapshot(params.id);
    return new Response(null, { status: 204 });
  },
});

export const { POST, PUT, PATCH, OPTIONS } = methodNotAllowed('GET', 'DELETE');
