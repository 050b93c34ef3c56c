import { apiRoute } from '@/lib/http/api-route';
import { getConflict } from '@/lib/conflicts/get-conflict';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { conflictOrContradiction, recordScope } from '@/lib/auth/record-scope';
import { ConflictOrContradiction } from '@/lib/wire/conflicts';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'read',
  scope: ({ params }) => recordScope(conflictOrContradiction(params.id), params.id),
  response: ConflictOrContradiction,
  handler: ({ params }) => getConflict(params.id),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
