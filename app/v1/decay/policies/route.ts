import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { createPolicy, listPolicies } from '@/lib/decay/policy-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

// Reading the policies needs read (operators preview decay); changing them needs admin.
export const GET = apiRoute({
  permission: 'read',
  handler: async () => ({ policies: await listPolicies() }),
});

export const POST = apiRoute({
  permission: 'admin',
  body: z.record(z.string(), z.unknown()),
  status: 201,
  handler: ({ body }) => createPolicy(body as Parameters<typeof createPolicy>[0]),
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET', 'POST');
