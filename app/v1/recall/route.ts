import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { sessionHeader } from '@/lib/http/session-header';
import { recall } from '@/lib/recall/recall';
import { recallRequestSchema } from '@/lib/recall/recall-request';

export const dynamic = 'force-dynamic';

// POST /v1/recall (read on the scope). `Stigmem-Session` is accepted and checked; a recall writes nothing.
export const POST = apiRoute({
  permission: 'read',
  body: recallRequestSchema,
  scope: ({ body }) => body.scope,
  invalidStatus: 400,
  handler: async ({ req, body }) => {
    sessionHeader(req);
    return recall(body);
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
