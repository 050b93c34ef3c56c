import { apiRoute } from '@/lib/http/api-route';
import { dismissBodySchema, dismissConflict } from '@/lib/conflicts/dismiss-conflict';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { conflictOrContradiction, recordScope } from '@/lib/auth/record-scope';
import { DismissResponse } from '@/lib/wire/records';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'write',
  body: dismissBodySchema,
  scope: ({ params }) => recordScope(conflictOrContradiction(params.id), params.id),
  audit: { action: 'conflict.dismiss', target: ({ params }) => params.id },
  response: DismissResponse,
  handler: ({ body, params, principal }) => dismissConflict(params.id, body, principal),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
