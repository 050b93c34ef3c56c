import { apiRoute } from '@/lib/http/api-route';
import { undoDecision } from '@/lib/conflicts/undo-decision';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { conflictOrContradiction, recordScope } from '@/lib/auth/record-scope';
import { UndoResponse } from '@/lib/wire/records';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'write',
  scope: ({ params }) => recordScope(conflictOrContradiction(params.id), params.id),
  audit: { action: 'conflict.undo', target: ({ params }) => params.id },
  response: UndoResponse,
  handler: ({ params, principal }) => undoDecision(params.id, principal),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
