import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { databaseKind } from '../db/connection';
import { readOnly } from '../db/read-only';
import { scopeSchema } from '../facts/scope';
import type { JobDefinition } from '../jobs/job-definition';
import { startJob } from '../jobs/start-job';
import { estimateFacts } from '../lint/run-lint';
import { isIsoDateTime } from '../facts/fact-value';
import { readAsOf } from '../time-travel/as-of';
import { type ReplayResult, replayHistory, replayInstants } from './replay-runs';

// POST /v1/health/history/rebuild (admin of the scope): replays the scope's health runs of a range
// from the log (replay-runs.ts) in a background job, GET /v1/health/history/jobs/:id for its
// progress and result. The range must lie in the past; runs in it are replaced, the alerts are left
// as they are (an alert is what the node said when it said it; a rebuilt run does not re-send it).

const instant = (name: string) =>
  z.string({ error: `${name} must be an RFC 3339 date-time` }).refine(isIsoDateTime, `${name} must be an RFC 3339 date-time with a time zone (2026-11-20T14:00:00Z)`);

export const rebuildRequestSchema = z.strictObject({
  scope: scopeSchema,
  from: instant('from'),
  to: instant('to'),
  every_hours: z.number({ error: 'every_hours must be a number of hours' }).positive('every_hours must be above 0').max(24 * 366, 'every_hours is at most a year').default(24),
});
export type RebuildRequest = z.infer<typeof rebuildRequestSchema>;

/** The rebuild job's result: the range replayed and what it changed (not the runs: GET /v1/health/runs lists them). */
export type RebuildResult = Omit<ReplayResult, 'records'>;

/** Seconds one replayed run takes per fact of the scope, roughly (a lint as of an instant: docs/performance.md). */
const FACTS_PER_SECOND = { postgres: 60_000, pglite: 40_000 };

export const historyJob: JobDefinition<RebuildRequest, RebuildResult> = {
  kind: 'history',
  async run(request, { report }) {
    const { records: _records, ...result } = await replayHistory(rangeOf(request), {
      onProgress: ({ done, total }) => report(done / total),
    });
    return result;
  },
};

function rangeOf(request: RebuildRequest) {
  return { scope: request.scope, from: new Date(request.from), to: new Date(request.to), everyMs: Math.round(request.every_hours * 3_600_000) };
}

/** Checks the range (in the past, not too many runs) and starts the job. */
export async function startHistoryRebuild(request: RebuildRequest, principal: Principal): Promise<{ job_id: string; status: 'pending'; estimated_s: number }> {
  // Both ends must be instants the log can answer (400 as_of_in_future otherwise, as for as_of).
  await readAsOf(request.from);
  await readAsOf(request.to);
  const range = rangeOf(request);
  const runs = replayInstants(range).length;
  const facts = await readOnly((tx) => estimateFacts(tx, { scope: request.scope, entity: null, relation: null }));
  const estimated = Math.max(1, Math.ceil((runs * Math.max(facts, 10_000)) / FACTS_PER_SECOND[databaseKind()]));
  return startJob(historyJob, request.scope, principal, request, estimated);
}
