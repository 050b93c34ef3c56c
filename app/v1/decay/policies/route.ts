import { z } from 'zod';
import { authorize } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { createPolicy, listPolicies } from '@/lib/decay/policy-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

// Reading the policies needs read (operators preview decay); changing them needs admin.
export const GET = apiRoute({
  handler: async ({ principal }) => {
    authorize(principal, 'read');
    return { policies: await listPolicies() };
  },
});

export const POST = apiRoute({
  body: z.record(z.string(), z.unknown()),
  status: 201,
  handler: async ({ body, principal }) => {
    authorize(principal, 'admin');
    return createPolicy(body as Parameters<typeof createPolicy>[0]);
  },
});

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST');
