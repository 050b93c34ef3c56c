import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { deletePolicy, getPolicy, replacePolicy } from '@/lib/decay/policy-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'read',
  handler: ({ params }) => getPolicy(params.id),
});

export const PUT = apiRoute({
  permission: 'admin',
  body: z.record(z.string(), z.unknown()),
  handler: ({ body, params }) => replacePolicy(params.id, body as Parameters<typeof replacePolicy>[1]),
});

export const DELETE = apiRoute({
  permission: 'admin',
  handler: async ({ params }) => {
    await deletePolicy(params.id);
    return new Response(null, { status: 204 });
  },
});

export const { POST, PATCH, OPTIONS } = methodNotAllowed('GET', 'PUT', 'DELETE');
