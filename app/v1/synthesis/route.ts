import { apiRoute } from '@/lib/http/api-route';
import { synthesisRequestSchema } from '@/lib/synthesis/synthesis-request';
import { streamText } from '@/lib/http/stream-text';
import { streamResponse } from '@/lib/http/stream-response';
import { synthesisJson, synthesizePage } from '@/lib/synthesis/synthesize';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'read',
  body: synthesisRequestSchema,
  scope: ({ body }) => body.scope,
  invalidStatus: 400,
  handler: async ({ body }) => {
    if (body.limit) return synthesizePage({ ...body, limit: body.limit });
    return streamResponse(await streamText(synthesisJson(body)), { 'content-type': 'application/json' });
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
