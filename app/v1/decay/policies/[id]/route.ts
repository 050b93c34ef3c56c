import { z } from 'zod';
import { authorize } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { deletePolicy, getPolicy, replacePolicy } from '@/lib/decay/policy-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  handler: async ({ params, principal }) => {
    authorize(principal, 'read');
    return getPolicy(params.id);
  },
});

export const PUT = apiRoute({
  body: z.record(z.string(), z.unknown()),
  handler: async ({ body, params, principal }) => {
    authorize(principal, 'admin');
    return replacePolicy(params.id, body as Parameters<typeof replacePolicy>[1]);
  },
});

export const DELETE = apiRoute({
  handler: async ({ params, principal }) => {
    authorize(principal, 'admin');
    await deletePolicy(params.id);
    return new Response(null, { status: 204 });
  },
});

export const { POST, PATCH } = methodNotAllowed('GET', 'PUT', 'DELETE');
