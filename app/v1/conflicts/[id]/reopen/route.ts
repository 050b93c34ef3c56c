import { apiRoute } from '@/lib/http/api-route';
import { reopenConflict } from '@/lib/conflicts/reopen-conflict';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { conflictOrContradiction, recordScope } from '@/lib/auth/record-scope';
import { ReopenResponse } from '@/lib/wire/records';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'write',
  scope: ({ params }) => recordScope(conflictOrContradiction(params.id), params.id),
  audit: { action: 'conflict.reopen', target: ({ params }) => params.id },
  response: ReopenResponse,
  handler: ({ params }) => reopenConflict(params.id),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
