import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { SnapshotDiff } from '@/lib/wire/synthesis';
import { queryLimit } from '@/lib/schemas/query-params';
import { diffSnapshots } from '@/lib/synthesis/snapshots';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { recordScope } from '@/lib/auth/record-scope';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'read',
  query: z.object({ from: z.string({ error: 'from is required' }).min(1), to: z.string({ error: 'to is required' }).min(1), limit: queryLimit(500, 5000) }),
  scope: async ({ query }) => [await recordScope('snapshot', query.from), await recordScope('snapshot', query.to)].filter((scope) => scope !== null),
  invalidStatus: 400,
  response: SnapshotDiff,
  handler: ({ query }) => diffSnapshots(query.from, query.to, query.limit),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
