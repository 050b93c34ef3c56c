import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { DecayPolicy, DecayPolicyList } from '@/lib/wire/decay';
import { policyTarget, visiblePolicies } from '@/lib/decay/policy-reach';
import { createPolicy, listPolicies } from '@/lib/decay/policy-store';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

// Reading the policies needs read (operators preview decay): those of the scopes the key reads and
// those for `*`. Changing one needs admin on its scope; a policy for `*` is global.
export const GET = apiRoute({
  permission: 'read',
  scope: 'listing',
  response: DecayPolicyList,
  handler: async ({ scopes }) => ({ policies: visiblePolicies(await listPolicies(), scopes) }),
});

export const POST = apiRoute({
  permission: 'admin',
  body: z.record(z.string(), z.unknown()),
  scope: ({ body }) => policyTarget(body.scope),
  status: 201,
  response: DecayPolicy,
  audit: { action: 'decay_policy.create', target: (_input, policy) => (policy as { id: string }).id },
  handler: ({ body }) => createPolicy(body as Parameters<typeof createPolicy>[0]),
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET', 'POST');
