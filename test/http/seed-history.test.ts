import { afterAll, expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { seedHealthHistory } from '@/lib/health-history/seed-history';
import { api, describeHttp, openConflict, takeTurnsOnScopeHistory } from '../harness';

// The demo's history is computed from the data: runs exist only where facts did, contradictions are
// counted from the facts that opened them, and the series ends with one real run per scope.

describeHttp('seedHealthHistory', () => {
  takeTurnsOnScopeHistory();
  // The series is dated ahead of the clock; later test files (one PostgreSQL database for all) must not see it.
  afterAll(async () => {
    const db = await getDb();
    await db.healthRun.deleteMany({ where: { startedAt: { gt: new Date() } } });
    await db.alertRule.deleteMany({ where: { id: { startsWith: 'demo-' } } });
  });

  it('computes runs from the data up to a real run, and evaluates the alert rules over them', async () => {
    const opened = new Date();
    await openConflict({ scope: 'company' });
    const db = await getDb();
    await db.healthRun.deleteMany({});
    const now = new Date(Date.now() + 2 * 86400_000);
    const result = await seedHealthHistory({ now, days: 90, everyHours: 6 });
    const rows = await db.healthRun.findMany({ where: { scope: 'company' }, orderBy: { startedAt: 'asc' } });
    // Runs exist only where facts did: from the scope's first fact (by HLC wall time) (today here; earlier on the shared
    // PostgreSQL database, where other files import facts with past timestamps) every 6 h, then the real run.
    const [{ first }] = await db.$queryRaw<{ first: Date }[]>`SELECT to_timestamp(min(hlc_wall) / 1000.0) AS first FROM facts WHERE scope = 'company'`;
    const spanRuns = Math.ceil((now.getTime() - first.getTime()) / (6 * 3600_000));
    expect(rows.length).toBeGreaterThanOrEqual(7);
    expect(rows.length).toBeLessThanOrEqual(Math.min(90 * 4, spanRuns) + 2);
    expect(rows[0].startedAt.getTime()).toBeGreaterThanOrEqual(first.getTime() - 6 * 3600_000);
    expect(rows.at(-1)).toMatchObject({ startedAt: now, status: 'ok' });
    expect(rows.at(-1)!.fingerprintSet?.length ?? 0).toBeGreaterThan(0);
    expect(rows.slice(0, -1).every((r) => r.factCount > 0)).toBe(true);
    // Every run after the conflict opened counts it (earlier runs exist only on the shared database).
    const afterOpening = rows.slice(0, -1).filter((r) => r.startedAt >= opened);
    expect(afterOpening.length).toBeGreaterThanOrEqual(6);
    expect(afterOpening.every((r) => r.pendingConflicts >= 1)).toBe(true);
    expect(result.runs).toBe(await db.healthRun.count());
    const rules = (await api.get('/v1/alerts/rules')).body as { rules: { id: string; threshold: number }[] };
    // The demo rule's threshold is the (upper) median pending count of the computed runs, the real run excluded.
    const pending = rows.slice(0, -1).map((r) => r.pendingConflicts).sort((a, b) => a - b);
    expect(rules.rules.find((r) => r.id === 'demo-contradictions-company')?.threshold).toBe(pending[Math.floor(pending.length / 2)]);
    const summary = (await api.get('/v1/health/summary', { query: { scope: 'company', range: '7d' } })).body as { scopes: { series: unknown[] }[] };
    expect(summary.scopes[0].series.length).toBeGreaterThanOrEqual(2);
  });
});
