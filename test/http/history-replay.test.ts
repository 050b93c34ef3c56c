import { expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { fingerprintOf } from '@/lib/health-history/fingerprint';
import { HealthRunDetail, HealthRunList, HistoryJob } from '@/lib/wire/health';
import { JobAccepted } from '@/lib/wire/jobs';
import { type LintFinding, LintResult } from '@/lib/wire/lint';
import { AsOfFields } from '@/lib/wire/time-travel';
import { api, createKey, describeHttp, expectBody, expectError, hlcText, takeTurnsOnScopeHistory, uniqueEntity, wireFact } from '../harness';

// Health history from the log (docs/decisions.md § Health history): a rebuild replays a scope's runs
// of a past range, each the lint as of its instant; its diff is the change since the run before; the
// runs it replaces are gone; the run after the range gets its diff recomputed. Checked against
// POST /v1/lint with as_of, the node's own answer for each instant.

// company: other files import facts with past HLCs there too, so no test may assume it holds nothing old.
const S = 'company';
const DAY = 86_400_000;

const AsOfLint = LintResult.extend(AsOfFields.shape);

const iso = (ms: number) => new Date(ms).toISOString();

async function lintAsOf(at: string) {
  return expectBody(await api.post('/v1/lint', { scope: S, as_of: at }), 200, AsOfLint);
}

/** Counts by check and severity, as a run stores them. */
function counts(findings: LintFinding[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const f of findings) (out[f.check] ??= {})[f.severity] = (out[f.check]?.[f.severity] ?? 0) + 1;
  return out;
}

const identities = (findings: LintFinding[]) => new Set(findings.map((f) => fingerprintOf({ ...f, conflict_id: f.conflict_id ?? undefined, ref_target: f.ref_target ?? undefined })));
const minus = (a: Set<string>, b: Set<string>) => [...a].filter((x) => !b.has(x)).length;

async function rebuild(body: Record<string, unknown>) {
  const started = expectBody(await api.post('/v1/health/history/rebuild', body), 202, JobAccepted);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const job = expectBody(await api.get(`/v1/health/history/jobs/${started.job_id}`), 200, HistoryJob);
    if (job.status === 'done') return job;
    if (job.status === 'failed' || Date.now() > deadline) expect.fail(`the rebuild did not finish: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeHttp('health history from the log', () => {
  takeTurnsOnScopeHistory();

  it('rebuilds a range: each run is the lint as of its instant, with the diff since the run before; replaced runs are gone and the run after is repaired', async () => {
    const t0 = Math.floor((Date.now() - 8 * DAY) / 60_000) * 60_000;
    const [a, b, c] = [uniqueEntity('replay-a'), uniqueEntity('replay-b'), uniqueEntity('replay-c')];
    const at = (days: number, counter = 0) => ({ hlc: hlcText(t0 + days * DAY, counter), timestamp: iso(t0 + days * DAY) });
    // The log: a's contradiction from day 1.5; b's value expires on day 3.5; c refers to nothing from day 2.5.
    expect((await api.post('/v1/facts/import', {
      facts: [
        wireFact(a, 'alice', { scope: S, ...at(0.5) }),
        wireFact(a, 'bob', { scope: S, ...at(1.5) }),
        wireFact(b, 'for a while', { scope: S, ...at(0.6), valid_until: iso(t0 + 3.5 * DAY) }),
        wireFact(c, { type: 'ref', v: uniqueEntity('replay-missing') }, { scope: S, relation: 'memory:related_to', ...at(2.5) }),
      ],
    })).status).toBe(201);
    // A run after the range (now), and a wrong run inside it that the rebuild must replace.
    expect((await api.post('/v1/health/runs', { scope: S })).status).toBe(201);
    const db = await getDb();
    const bogus = await db.healthRun.create({ data: { id: `bogus-${t0}`, scope: S, trigger: 'schedule', status: 'ok', startedAt: new Date(t0 + 2.2 * DAY), factCount: 1, findings: { contradiction: { error: 999 } }, score: 1 } });

    const afterRun = expectBody(await api.get('/v1/health/runs', { query: { scope: S, limit: 1 } }), 200, HealthRunList).runs[0];
    // Other files import facts with past HLCs into this scope at any time. The comparisons below hold
    // for one state of the log up to the run after the range; when it changed meanwhile, the rebuild
    // and its checks are taken again (at most three times).
    const logUpTo = async (at: string) =>
      Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM facts WHERE scope = ${S} AND hlc_wall <= ${BigInt(Date.parse(at))}`)[0].n);
    const attempt = async () => {
      const before = await logUpTo(afterRun.started_at);
      const job = await rebuild({ scope: S, from: iso(t0), to: iso(t0 + 5 * DAY), every_hours: 24 });
      const listed = expectBody(await api.get('/v1/health/runs', { query: { scope: S, since: iso(t0 - 1), until: iso(t0 + 5 * DAY + 1), limit: 100 } }), 200, HealthRunList).runs;
      const replayed = listed.filter((r) => r.trigger === 'replay' && Date.parse(r.started_at) <= t0 + 5 * DAY).sort((x, y) => Date.parse(x.started_at) - Date.parse(y.started_at));
      const lints = await Promise.all(replayed.map((r) => lintAsOf(r.started_at)));
      // The first run after the range (on the shared PostgreSQL database another file's may come before ours).
      const next = await db.healthRun.findFirstOrThrow({ where: { scope: S, status: 'ok', startedAt: { gt: new Date(t0 + 5 * DAY) } }, orderBy: { startedAt: 'asc' } });
      const after = expectBody(await api.get(`/v1/health/runs/${next.id}`), 200, HealthRunDetail);
      const afterLint = await lintAsOf(after.started_at);
      return { job, replayed, lints, after, afterLint, stable: before === (await logUpTo(afterRun.started_at)) };
    };
    let result = await attempt();
    const firstJob = result.job;
    for (let i = 0; i < 2 && !result.stable; i++) result = await attempt();
    expect(result.stable, 'the log before the range end stayed put for one attempt').toBe(true);
    const { job, replayed, lints, after, afterLint } = result;
    expect(job).toMatchObject({ status: 'done', runs: 6, repaired: 1 });
    expect(firstJob.replaced).toBeGreaterThanOrEqual(1);
    expect(await db.healthRun.findUnique({ where: { id: bogus.id } })).toBeNull();
    expect(replayed.map((r) => Date.parse(r.started_at) - t0)).toEqual([0, 1, 2, 3, 4, 5].map((d) => d * DAY));

    // Every replayed run: its counts are the lint as of its instant; its diff is the change since the run before it.
    for (const [i, run] of replayed.entries()) {
      expect(run.findings).toEqual(counts(lints[i].findings));
      expect(run.fact_count).toBe(lints[i].fact_count);
      // The scope's facts as of the instant: the log up to it, not the node's count now.
      expect(lints[i].fact_count).toBe(await logUpTo(run.started_at));
      // Its review queue is the queue as of its instant too: one contradicted triple per contradiction finding.
      expect(run.pending_conflicts).toBe(lints[i].findings.filter((f) => f.check === 'contradiction').length);
      if (i === 0) continue;
      const [before, now] = [identities(lints[i - 1].findings), identities(lints[i].findings)];
      expect([run.new_count, run.fixed_count]).toEqual([minus(now, before), minus(before, now)]);
    }
    // What changed in the log shows as new on the day it happened: a's contradiction on day 2, c's broken ref on day 3, b's stale value on day 4.
    const newOf = async (day: number) => expectBody(await api.get(`/v1/health/runs/${replayed[day].id}`), 200, HealthRunDetail).new_findings.map((f) => `${f.check} ${f.entity}`);
    expect(await newOf(2)).toContain(`contradiction ${a}`);
    expect(await newOf(3)).toContain(`broken_ref ${c}`);
    expect(await newOf(4)).toContain(`stale ${b}`);
    expect(await newOf(1)).not.toContain(`contradiction ${a}`);

    // The run after the range: its diff is now against the last replayed run.
    const [last, next] = [identities(lints[lints.length - 1].findings), identities(afterLint.findings)];
    expect([after.new_count, after.fixed_count]).toEqual([minus(next, last), minus(last, next)]);

    // Recorded in the audit log.
    const audit = (await api.get('/v1/audit', { query: { action: 'health_history.rebuild', limit: 5 } })).body as { entries: { target_id: string | null }[] };
    expect(audit.entries.map((e) => e.target_id)).toContain(firstJob.job_id);
  });

  it('refuses a range it cannot replay, and callers without authority over the scope', async () => {
    const now = Date.now();
    const body = { scope: S, from: iso(now - 3 * DAY), to: iso(now - DAY), every_hours: 24 };
    expectError(await api.post('/v1/health/history/rebuild', { ...body, to: iso(now + 3_600_000) }), 400, 'as_of_in_future');
    expectError(await api.post('/v1/health/history/rebuild', { ...body, to: iso(now - 4 * DAY) }), 400, 'invalid_range');
    expectError(await api.post('/v1/health/history/rebuild', { ...body, from: iso(now - 400 * DAY), every_hours: 1 }), 400, 'range_too_large');
    expectError(await api.post('/v1/health/history/rebuild', { ...body, from: 'yesterday' }), 400, 'validation_error');
    expectError(await api.post('/v1/health/history/rebuild', { ...body, every_hours: 0 }), 400, 'validation_error');
    expectError(await api.post('/v1/health/history/rebuild', { ...body, extra: 1 }), 400, 'validation_error');
    const teamAdmin = await createKey(['admin'], ['team'], 'team-admin');
    const writer = await createKey(['read', 'write'], [S], 'writer');
    expectError(await api.post('/v1/health/history/rebuild', body, { key: teamAdmin.key }), 403, 'forbidden');
    expectError(await api.post('/v1/health/history/rebuild', body, { key: writer.key }), 403, 'forbidden');
    // Nothing was started by any of them.
    expect(await (await getDb()).job.count({ where: { kind: 'history', createdAt: { gte: new Date(now) } } })).toBe(0);
  });
});
