import { apiRoute } from '@/lib/http/api-route';
import { SynthesisResponse } from '@/lib/wire/synthesis';
import { synthesisRequestSchema } from '@/lib/synthesis/synthesis-request';
import { streamText } from '@/lib/http/stream-text';
import { streamResponse } from '@/lib/http/stream-response';
import { synthesisJson, synthesizePage } from '@/lib/synthesis/synthesize';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { synthesizeAsOf } from '@/lib/synthesis/synthesize-as-of';
import { asOfField, readAsOf } from '@/lib/time-travel/as-of';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'read',
  body: synthesisRequestSchema.extend({ as_of: asOfField }),
  scope: ({ body }) => body.scope,
  invalidStatus: 400,
  response: SynthesisResponse,
  handler: async ({ body: { as_of, ...body } }) => {
    if (as_of !== undefined) return synthesizeAsOf(body, await readAsOf(as_of));
    if (body.limit) return synthesizePage({ ...body, limit: body.limit });
    return streamResponse(await streamText(synthesisJson(body)), { 'content-type': 'application/json' });
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
