import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { SnapshotList, SnapshotRecord } from '@/lib/wire/synthesis';
import { scopeSchema } from '@/lib/facts/scope';
import { listSnapshots, saveSnapshot } from '@/lib/synthesis/snapshots';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'write',
  body: z.object({ scope: scopeSchema, label: z.string().max(200).nullish() }),
  scope: ({ body }) => body.scope,
  invalidStatus: 400,
  status: 201,
  response: SnapshotRecord,
  audit: { action: 'snapshot.create', target: (_input, snapshot) => (snapshot as { id: string }).id },
  handler: ({ body, principal }) => saveSnapshot(body.scope, body.label?.trim() || null, principal),
});

// A scope the key cannot read is refused, as on every other listing, rather than shown empty.
export const GET = apiRoute({
  permission: 'read',
  query: z.object({ scope: scopeSchema.optional() }),
  scope: ({ query }) => query.scope,
  invalidStatus: 400,
  response: SnapshotList,
  handler: async ({ scopes }) => ({ snapshots: await listSnapshots(scopes) }),
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET', 'POST');
