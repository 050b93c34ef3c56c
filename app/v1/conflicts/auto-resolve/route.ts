import { apiRoute } from '@/lib/http/api-route';
import { autoResolve, autoResolveSchema } from '@/lib/conflicts/auto-resolve';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { AutoResolveResult } from '@/lib/wire/conflicts';

export const dynamic = 'force-dynamic';

// A dry run only reads the queue; applying suggestions writes.
export const POST = apiRoute({
  permission: ({ body }) => (body.dry_run ? 'read' : 'write'),
  body: autoResolveSchema,
  scope: ({ body }) => body.scope,
  audit: { action: 'conflict.auto_resolve', skip: ({ body }) => !!body.dry_run },
  invalidStatus: 400,
  response: AutoResolveResult,
  handler: ({ body, principal }) => autoResolve(body, principal),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
