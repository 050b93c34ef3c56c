import { randomUUID } from 'node:crypto';
import { Prisma } from '../generated/prisma/client';
import { evaluateAlerts } from '../alerts/evaluate';
import { getDb } from '../db/prisma';
import { FACT_SCOPES, type FactScope } from '../facts/scope';
import { healthScore } from '../lint/health-score';
import { lintRequestSchema } from '../lint/lint-request';
import { runLint } from '../lint/run-lint';
import { countFindings, type FindingCounts, severityTotals } from '../lint/finding-counts';
import { recordHealthRun } from './record-run';
import { toRunRecord } from './run-record';

// The demo's history (npm run demo): the health runs a scheduler would have recorded over the last
// `days`, computed from the data itself — facts by their HLC wall time, contradictions by the time
// of the fact that opened them and of the fact that resolved them, expiries by valid_until. Counts
// that need a full lint as of a past instant (orphans, broken refs) are today's, scaled by the
// scope's size then. Alert rules are evaluated over the series in order, so alerts open and resolve
// when the data says so; a demo rule ("contradictions above the scope's median") makes sure some
// do. Finally one real run per scope (at `now`), so the latest row carries real fingerprints.

export interface SeedHistoryOptions {
  days?: number;
  /** Hours between two computed runs (6). */
  everyHours?: number;
  now?: Date;
}

interface CutRow {
  cut: Date;
  facts: bigint;
  live: bigint;
  entities: bigint;
  stale: bigint;
  pending: bigint;
  aged: bigint;
  mean_age: number | null;
  dismissed_week: bigint;
  dismissed_prev: bigint;
}

async function seriesOf(scope: FactScope, start: Date, now: Date, everyHours: number): Promise<CutRow[]> {
  const db = await getDb();
  const day = 86400_000;
  return db.$queryRaw<CutRow[]>(Prisma.sql`
    WITH cuts AS (SELECT generate_series(${start}::timestamptz, ${now}::timestamptz, make_interval(hours => ${everyHours}::int)) AS cut),
    c AS (
      SELECT x.opened_at AS detected, CASE WHEN x.status = 'open' THEN NULL ELSE coalesce(rf.timestamp, x.resolved_at) END AS resolved, x.resolution_basis
      FROM contradictions x LEFT JOIN facts rf ON rf.id = x.resolution_fact_id
      WHERE x.scope = ${scope}),
    ent AS (SELECT min(coalesce(base_timestamp, head_timestamp)) AS first_seen FROM value_heads WHERE scope = ${scope} GROUP BY entity)
    SELECT cuts.cut,
      (SELECT count(*) FROM facts f WHERE f.scope = ${scope} AND f.hlc_wall < (extract(epoch FROM cuts.cut) * 1000)::bigint) AS facts,
      (SELECT count(*) FROM value_heads v WHERE v.scope = ${scope} AND coalesce(v.base_timestamp, v.head_timestamp) < cuts.cut
         AND v.confidence > 0 AND (v.valid_until IS NULL OR v.valid_until >= cuts.cut)) AS live,
      (SELECT count(*) FROM ent WHERE ent.first_seen < cuts.cut) AS entities,
      (SELECT count(*) FROM value_heads v WHERE v.scope = ${scope} AND v.confidence > 0 AND v.valid_until < cuts.cut
         AND coalesce(v.base_timestamp, v.head_timestamp) < cuts.cut) AS stale,
      (SELECT count(*) FROM c WHERE c.detected < cuts.cut AND (c.resolved IS NULL OR c.resolved >= cuts.cut)) AS pending,
      (SELECT count(*) FROM c WHERE c.detected < cuts.cut - interval '14 days' AND (c.resolved IS NULL OR c.resolved >= cuts.cut)) AS aged,
      (SELECT avg(extract(epoch FROM (cuts.cut - c.detected)) / 86400) FROM c WHERE c.detected < cuts.cut AND (c.resolved IS NULL OR c.resolved >= cuts.cut)) AS mean_age,
      (SELECT count(*) FROM c WHERE c.resolution_basis = 'dismissed' AND c.resolved < cuts.cut AND c.resolved >= cuts.cut - make_interval(secs => ${(7 * day) / 1000})) AS dismissed_week,
      (SELECT count(*) FROM c WHERE c.resolution_basis = 'dismissed' AND c.resolved < cuts.cut - interval '7 days' AND c.resolved >= cuts.cut - interval '14 days') AS dismissed_prev
    FROM cuts ORDER BY cuts.cut`);
}

/** Today's orphan and broken-ref counts (and any other check) from the latest real run, per fact. */
function perFactRates(findings: FindingCounts, facts: number): FindingCounts {
  const rates: FindingCounts = {};
  for (const [check, bySeverity] of Object.entries(findings)) {
    if (check === 'contradiction' || check === 'stale') continue;
    rates[check] = Object.fromEntries(Object.entries(bySeverity).map(([s, n]) => [s, facts ? n / facts : 0]));
  }
  return rates;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function seedHealthHistory(options: SeedHistoryOptions = {}): Promise<{ runs: number; alerts: number }> {
  const now = options.now ?? new Date();
  const days = options.days ?? 90;
  const everyHours = options.everyHours ?? 6;
  const db = await getDb();
  const start = new Date(now.getTime() - days * 86400_000);
  let runs = 0;
  for (const scope of FACT_SCOPES) {
    const lint = await runLint(lintRequestSchema.parse({ scope }));
    const rates = perFactRates(countFindings(lint.findings), lint.fact_count);
    const rows = (await seriesOf(scope, start, new Date(now.getTime() - everyHours * 3600_000), everyHours)).filter((r) => Number(r.facts) > 0);
    const data = rows.map((r) => {
      const facts = Number(r.facts);
      const findings: FindingCounts = {};
      if (Number(r.pending)) findings.contradiction = { error: Number(r.pending) };
      if (Number(r.stale)) findings.stale = { warning: Number(r.stale) };
      for (const [check, bySeverity] of Object.entries(rates)) findings[check] = Object.fromEntries(Object.entries(bySeverity).map(([s, rate]) => [s, Math.round(rate * facts)]));
      const durationMs = Math.round(40 + facts / 60);
      return {
        id: randomUUID(), scope, trigger: 'schedule', status: 'ok', startedAt: r.cut, finishedAt: new Date(r.cut.getTime() + durationMs), durationMs,
        factCount: facts, liveValueCount: Number(r.live), entityCount: Number(r.entities), findings, score: healthScore(severityTotals(findings), Number(r.live)),
        pendingConflicts: Number(r.pending), agedConflicts: Number(r.aged), meanPendingAgeDays: r.mean_age === null ? null : Math.round(Number(r.mean_age) * 10) / 10,
        dismissedLast7Days: Number(r.dismissed_week), dismissedPrev7Days: Number(r.dismissed_prev),
      };
    });
    await db.healthRun.createMany({ data });
    runs += data.length;
    const threshold = median(data.map((d) => d.pendingConflicts));
    await db.alertRule.upsert({
      where: { id: `demo-contradictions-${scope}` },
      create: { id: `demo-contradictions-${scope}`, name: 'Contradictions above the usual', kind: 'findings_above', scope, check: 'contradiction', threshold, createdBy: 'system:demo' },
      update: { threshold },
    });
    const stored = await db.healthRun.findMany({ where: { scope }, orderBy: { startedAt: 'asc' } });
    for (const row of stored) await evaluateAlerts(toRunRecord(row, row.startedAt), row.finishedAt ?? row.startedAt);
    if (await recordHealthRun(scope, { trigger: 'schedule', now: () => now })) runs += 1;
  }
  return { runs, alerts: await db.alert.count() };
}
