import { z } from 'zod';
import { scopeSchema } from '@/lib/facts/scope';
import { recordHealthRun } from '@/lib/health-history/record-run';
import { listRuns, runsQuerySchema } from '@/lib/health-history/run-queries';
import { conflict } from '@/lib/errors/domain-error';
import { apiRoute } from '@/lib/http/api-route';
import { HealthRun, HealthRunList } from '@/lib/wire/health';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({
  permission: 'read',
  query: runsQuerySchema,
  scope: ({ query }) => query.scope,
  invalidStatus: 400,
  response: HealthRunList,
  handler: ({ query, scopes }) => listRuns(query, scopes),
});

/** "Check now" (the dashboard): a manual run of one scope, recorded like a scheduled one. */
export const POST = apiRoute({
  permission: 'read',
  body: z.object({ scope: scopeSchema }),
  scope: ({ body }) => body.scope,
  invalidStatus: 400,
  status: 201,
  response: HealthRun,
  audit: { action: 'health_run.record', target: (_input, run) => (run as { id: string }).id },
  handler: async ({ body }) => {
    const run = await recordHealthRun(body.scope, { trigger: 'manual' });
    if (!run) throw conflict('run_in_progress', `a health run of ${body.scope} is already going; its result will be in GET /v1/health/runs`);
    return run;
  },
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET', 'POST');
