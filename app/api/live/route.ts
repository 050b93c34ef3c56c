import { apiRoute } from '@/lib/http/api-route';
import { changesQuerySchema } from '@/lib/changes/read-changes';
import { changeStream } from '@/lib/live/change-stream';

export const dynamic = 'force-dynamic';

// Dashboard-only: GET /api/live[?scope=] — a server-sent event stream (text/event-stream) that says
// `changed` when a write, a health run or an alert of the caller's readable scopes (or the one named)
// commits, at most once a second, so an open page asks GET /v1/changes at once instead of at its
// next poll (lib/live/change-stream.ts; docs/decisions.md § Live updates).
export const GET = apiRoute({
  permission: 'read',
  query: changesQuerySchema,
  scope: ({ query }) => query.scope,
  invalidStatus: 400,
  produces: ['text/event-stream'],
  handler: ({ scopes, req }) => changeStream(scopes, req.signal),
});
