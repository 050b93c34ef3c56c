import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { DecayPolicy } from '@/lib/wire/decay';
import { policyReach, policyReadReach, policyTarget } from '@/lib/decay/policy-reach';
import { deletePolicy, getPolicy, replacePolicy } from '@/lib/decay/policy-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'read',
  scope: ({ params }) => policyReadReach(params.id),
  response: DecayPolicy,
  handler: ({ params }) => getPolicy(params.id),
});

// A change needs the policy's scope before and after it.
export const PUT = apiRoute({
  permission: 'admin',
  body: z.record(z.string(), z.unknown()),
  scope: async ({ params, body }) => [await policyReach(params.id), policyTarget(body.scope)],
  audit: { action: 'decay_policy.replace', target: ({ params }) => params.id },
  response: DecayPolicy,
  handler: ({ body, params }) => replacePolicy(params.id, body as Parameters<typeof replacePolicy>[1]),
});

export const DELETE = apiRoute({
  permission: 'admin',
  scope: ({ params }) => policyReach(params.id),
  audit: { action: 'decay_policy.delete', target: ({ params }) => params.id },
  statuses: [204],
  handler: async ({ params }) => {
    await deletePolicy(params.id);
    return new Response(null, { status: 204 });
  },
});

export const { POST, PATCH, OPTIONS } = methodNotAllowed('GET', 'PUT', 'DELETE');
