import { expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { healthScore } from '@/lib/lint/health-score';
import { api, createKey, describeHttp, openConflict, uniqueEntity, wireFact, takeTurnsOnScopeHistory } from '../harness';

// GET /v1/health/runs, /v1/health/runs/:id and /v1/health/summary over runs recorded by the API:
// paging, what is new and what was fixed between two runs, the chart series, scope permissions.

const SCOPE = 'team';
type Run = {
  id: string;
  scope: string;
  trigger: string;
  score: number;
  new_count: number;
  fixed_count: number;
  findings: Record<string, Record<string, number>>;
  totals: { error: number; warning: number; info: number };
  live_value_count: number;
};
type Detail = Run & { previous_run_id: string | null; new_findings: { h: string; check: string; entity: string }[]; fixed_findings: { h: string; check?: string; entity?: string }[] };

const run = async (trigger: 'manual' | 'api' = 'manual'): Promise<Run> => {
  const res = trigger === 'manual' ? await api.post('/v1/health/runs', { scope: SCOPE }) : await api.post('/v1/lint', { scope: SCOPE });
  expect(res.status).toBeLessThan(300);
  const list = (await api.get('/v1/health/runs', { query: { scope: SCOPE, limit: 1 } })).body as { runs: Run[] };
  return list.runs[0];
};

describeHttp('health runs', () => {
  takeTurnsOnScopeHistory();
  it('says what was new and what was fixed against the previous run', async () => {
    const first = await run();
    const { conflict, red } = await openConflict({ scope: SCOPE });
    const broken = uniqueEntity('handoff');
    expect((await api.post('/v1/facts', wireFact(broken, { type: 'ref', v: uniqueEntity('nobody') }, { scope: SCOPE, relation: 'intent:handoff_to' }))).status).toBe(201);
    const second = await run('api');
    expect(second.trigger).toBe('api');
    expect(second.new_count).toBe(2);
    const detail = (await api.get(`/v1/health/runs/${second.id}`)).body as Detail;
    expect(detail.previous_run_id).toBe(first.id);
    expect(detail.new_findings.map((f) => f.check).sort()).toEqual(['broken_ref', 'contradiction']);
    expect(detail.new_findings.find((f) => f.check === 'contradiction')).toMatchObject({ entity: conflict.entity, conflict_id: conflict.conflict_id });
    expect(detail.fixed_findings).toEqual([]);

    expect((await api.post(`/v1/conflicts/${encodeURIComponent(conflict.conflict_id)}/resolve`, { winning_fact_id: red.id, resolution_note: 'ok' })).status).toBe(200);
    const third = await run();
    expect(third).toMatchObject({ new_count: 0, fixed_count: 1 });
    // One error fewer. The score is rounded over every live value of the scope, which other test
    // files share on PostgreSQL, so one fix may not move it: check it follows the formula instead.
    expect(third.totals.error).toBe(second.totals.error - 1);
    expect(third.score).toBe(healthScore(third.totals, third.live_value_count));
    expect(third.score).toBeGreaterThanOrEqual(second.score);
    const fixed = (await api.get(`/v1/health/runs/${third.id}`)).body as Detail;
    expect(fixed.fixed_findings).toEqual([expect.objectContaining({ check: 'contradiction', entity: conflict.entity })]);
    // Only the latest run keeps the full fingerprint set; the earlier ones keep their diff.
    const db = await getDb();
    const stored = await db.healthRun.findMany({ where: { id: { in: [first.id, second.id, third.id] } } });
    expect(stored.filter((r) => (r.fingerprintSet?.length ?? 0) > 0).map((r) => r.id)).toEqual([third.id]);
    expect(stored.find((r) => r.id === second.id)?.newCount).toBe(2);

    const summary = (await api.get('/v1/health/summary', { query: { scope: SCOPE, range: '7d' } })).body as {
      scopes: { scope: string; score_change: number; checks: string[]; series: { run_id: string; score: number }[] }[];
    };
    expect(summary.scopes).toHaveLength(1);
    expect(summary.scopes[0].series.slice(-3).map((p) => p.run_id)).toEqual([first.id, second.id, third.id]);
    expect(summary.scopes[0].score_change).toBe(third.score - second.score);
    expect(summary.scopes[0].checks).toEqual(expect.arrayContaining(['broken_ref']));
  });

  it('pages newest first with a cursor and honours since/until and scope permissions', async () => {
    for (let i = 0; i < 3; i++) await run();
    const page1 = (await api.get('/v1/health/runs', { query: { scope: SCOPE, limit: 2 } })).body as { runs: Run[]; next_cursor: string };
    expect(page1.runs).toHaveLength(2);
    const page2 = (await api.get('/v1/health/runs', { query: { scope: SCOPE, limit: 2, cursor: page1.next_cursor } })).body as { runs: (Run & { started_at: string })[] };
    expect(page2.runs.length).toBeGreaterThan(0);
    expect(page2.runs.map((r) => r.id)).not.toContain(page1.runs[0].id);
    const future = (await api.get('/v1/health/runs', { query: { scope: SCOPE, since: '2999-01-01T00:00:00Z' } })).body as { runs: Run[] };
    expect(future.runs).toEqual([]);
    expect((await api.get('/v1/health/runs', { query: { since: 'yesterday' } })).status).toBe(400);

    const local = await createKey(['read'], ['local'], 'local-reader');
    expect((await api.get(`/v1/health/runs/${page1.runs[0].id}`, { key: local.key })).status).toBe(404);
    const visible = (await api.get('/v1/health/runs', { key: local.key })).body as { runs: Run[] };
    expect(visible.runs.every((r) => r.scope === 'local')).toBe(true);
    expect((await api.post('/v1/health/runs', { scope: SCOPE }, { key: local.key })).status).toBe(403);
    expect((await api.post('/v1/health/runs', { scope: 'nowhere' })).status).toBe(400);
  });

  it('scope settings carry the run intervals, validated', async () => {
    const res = await api.put(`/v1/scopes/${SCOPE}/settings`, { lint_interval_s: 600, decay_interval_s: 0 });
    expect(res.body).toMatchObject({ lint_interval_s: 600, decay_interval_s: 0 });
    expect((await api.put(`/v1/scopes/${SCOPE}/settings`, { lint_interval_s: -1 })).status).toBe(400);
    expect((await api.put(`/v1/scopes/${SCOPE}/settings`, { lint_interval_s: null })).body).toMatchObject({ lint_interval_s: 900 });
  });
});
