import { apiRoute } from '@/lib/http/api-route';
import { resolveBodySchema, resolveConflict } from '@/lib/conflicts/resolve-conflict';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { conflictOrContradiction, recordScope } from '@/lib/auth/record-scope';
import { ResolveResponse } from '@/lib/wire/records';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'write',
  body: resolveBodySchema,
  scope: ({ params }) => recordScope(conflictOrContradiction(params.id), params.id),
  audit: { action: 'conflict.resolve', target: ({ params }) => params.id },
  response: ResolveResponse,
  handler: ({ body, params, principal }) => resolveConflict(params.id, body, principal),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
