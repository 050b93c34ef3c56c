import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { scopeSchema } from '@/lib/facts/scope';
import { listSnapshots, saveSnapshot } from '@/lib/synthesis/snapshots';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  body: z.object({ scope: scopeSchema, label: z.string().max(200).nullish() }),
  invalidStatus: 400,
  status: 201,
  handler: ({ body, principal }) => saveSnapshot(body.scope, body.label?.trim() || null, principal),
});

export const GET = apiRoute({
  query: z.object({ scope: scopeSchema.optional() }),
  invalidStatus: 400,
  handler: async ({ query, principal }) => ({ snapshots: await listSnapshots(principal, query.scope) }),
});

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST');
