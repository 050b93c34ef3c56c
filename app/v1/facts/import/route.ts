import { apiRoute } from '@/lib/http/api-route';
import { MAX_BATCH_BODY_BYTES } from '@/lib/http/read-body';
import { sessionHeader } from '@/lib/http/session-header';
import { parseFactBody } from '@/lib/facts/parse-fact-input';
import { writeFacts } from '@/lib/facts/write-facts';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { FactBatch } from '@/lib/wire/records';

export const dynamic = 'force-dynamic';

// Admin: batch assert that keeps the given id, timestamp and hlc (migration, back-dated data).
export const POST = apiRoute({
  permission: 'admin',
  body: (raw) => parseFactBody(raw, 'import'),
  scope: ({ body }) => body.inputs.map((input) => input.scope),
  maxBodyBytes: MAX_BATCH_BODY_BYTES,
  statuses: [201],
  response: FactBatch,
  audit: { action: 'facts.import', detail: ({ body }) => ({ facts: body.inputs.length }) },
  handler: async ({ req, body: { inputs } }) => {
    const sessionId = sessionHeader(req);
    inputs.forEach((input) => (input.sessionId = sessionId));
    const { facts } = await writeFacts(inputs, { mode: 'import' });
    return Response.json({ facts }, { status: 201 });
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
