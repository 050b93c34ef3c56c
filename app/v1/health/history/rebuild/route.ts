import { apiRoute } from '@/lib/http/api-route';
import { JobAccepted } from '@/lib/wire/jobs';
import { rebuildRequestSchema, startHistoryRebuild } from '@/lib/health-history/rebuild-history';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Replays a scope's health runs of a past range from the log (docs/api.md § Health history): 202 and a job. */
export const POST = apiRoute({
  permission: 'admin',
  body: rebuildRequestSchema,
  scope: ({ body }) => body.scope,
  invalidStatus: 400,
  status: 202,
  response: JobAccepted,
  audit: { action: 'health_history.rebuild', target: (_input, job) => (job as { job_id: string }).job_id },
  handler: ({ body, principal }) => startHistoryRebuild(body, principal),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
