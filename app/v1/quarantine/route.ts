import { apiRoute } from '@/lib/http/api-route';
import { recordScope } from '@/lib/auth/record-scope';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { listQuarantine, quarantineQuerySchema } from '@/lib/quarantine/list-quarantine';
import { sendBodySchema, sendToQuarantine } from '@/lib/quarantine/moderate-quarantine';
import { QuarantineList, SentToQuarantine } from '@/lib/wire/quarantine';

export const dynamic = 'force-dynamic';

// Spec-08 quarantine. Moderating is the admin permission on the fact's scope (there is no separate
// quarantine:moderator role on this node); listing shows the scopes the key administers.
export const GET = apiRoute({
  permission: 'admin',
  query: quarantineQuerySchema,
  scope: ({ query }) => query.scope,
  response: QuarantineList,
  handler: ({ query, scopes }) => listQuarantine(query, scopes),
});

export const POST = apiRoute({
  permission: 'admin',
  body: sendBodySchema,
  scope: ({ body }) => recordScope('fact', body.fact_id),
  audit: { action: 'quarantine.send', target: ({ body }) => body.fact_id },
  status: 201,
  response: SentToQuarantine,
  handler: ({ body, principal }) => sendToQuarantine(body, principal),
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET', 'POST');
