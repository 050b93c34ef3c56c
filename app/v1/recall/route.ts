import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { sessionHeader } from '@/lib/http/session-header';
import { recall } from '@/lib/recall/recall';
import { recallRequestSchema } from '@/lib/recall/recall-request';
import { queryBoolean } from '@/lib/schemas/query-params';
import { RecallResponse } from '@/lib/wire/recall';

export const dynamic = 'force-dynamic';

// POST /v1/recall[?legacy_format=true] (read on the scope). `Stigmem-Session` is accepted and
// checked; a recall writes nothing. `legacy_format` leaves out the content/instructions channels,
// as on the reference node. A body the schema refuses answers 422 validation_error, the reference's status.
export const POST = apiRoute({
  permission: 'read',
  body: recallRequestSchema,
  query: z.object({ legacy_format: queryBoolean(false) }),
  scope: ({ body }) => body.scope,
  response: RecallResponse,
  handler: async ({ req, body, query }) => {
    sessionHeader(req);
    return recall(body, { legacyFormat: query.legacy_format });
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
