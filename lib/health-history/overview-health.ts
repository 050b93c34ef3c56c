import { getDb } from '../db/prisma';
import type { FactScope } from '../facts/scope';
import { HEAVY } from './run-queries';
import { type HealthRunRecord, toRunRecord } from './run-record';
import { config } from '../config/config';
import { LINT_CHECKS, type LintCheck } from '../lint/lint-request';
import { scopeHealth, type ScopeHealth } from '../lint/lint-summary';
import { factCountUpTo } from '../lint/scope-size';

// The health overview's card of one scope. At or below STIGMEM_OVERVIEW_LIVE_FACTS facts (by default
// STIGMEM_ASYNC_THRESHOLD) it is linted live on every view, as before. Above it nothing lints on a
// page view — by default the same rule that makes POST /v1/lint answer 202 — and the card shows the
// scope's latest finished health run (the scheduler records one every STIGMEM_LINT_INTERVAL, "Check
// now" one at once), saying when it was.
// A 10M-fact scope's live summary took 32–45 s per view (docs/decisions.md, "The overview of a
// scope above the async threshold").

/** What a card shows: a live summary, or a recorded run's (which has no total of values). */
export type CardHealth = Omit<ScopeHealth, 'value_count'>;

export type OverviewHealth =
  | { source: 'live'; health: CardHealth }
  | { source: 'run'; health: CardHealth; threshold: number; run: Pick<HealthRunRecord, 'id' | 'trigger' | 'started_at' | 'finished_at'> }
  | { source: 'none'; scope: FactScope; threshold: number };

/** A finished run's counts in the card's shape; where its findings sit by namespace is not recorded. */
export function healthOfRun(run: HealthRunRecord): CardHealth {
  const byCheck = Object.fromEntries(LINT_CHECKS.map((c) => [c, 0])) as Record<LintCheck, number>;
  for (const [check, bySeverity] of Object.entries(run.findings)) {
    if (check in byCheck) byCheck[check as LintCheck] = Object.values(bySeverity).reduce((a, b) => a + b, 0);
  }
  return {
    scope: run.scope as FactScope,
    fact_count: run.fact_count,
    live_value_count: run.live_value_count,
    entity_count: run.entity_count,
    findings: run.totals,
    by_check: byCheck,
    by_namespace: [],
    score: run.score ?? 0,
    checked_at: run.finished_at ?? run.started_at,
  };
}

export type RunHealth = { health: CardHealth; run: Extract<OverviewHealth, { source: 'run' }>['run'] };

/** The scope's latest finished health run in a card's shape, or null when none has finished yet. */
export async function latestRunHealth(scope: FactScope): Promise<RunHealth | null> {
  const db = await getDb();
  const row = await db.healthRun.findFirst({ where: { scope, status: 'ok' }, omit: HEAVY, orderBy: [{ startedAt: 'desc' }, { id: 'desc' }] });
  if (!row) return null;
  const run = toRunRecord(row);
  return { health: healthOfRun(run), run: { id: run.id, trigger: run.trigger, started_at: run.started_at, finished_at: run.finished_at } };
}

export async function overviewHealth(scope: FactScope): Promise<OverviewHealth> {
  const threshold = config().overviewLiveFacts;
  if ((await factCountUpTo(scope, threshold)) !== null) return { source: 'live', health: await scopeHealth(scope) };
  const latest = await latestRunHealth(scope);
  if (!latest) return { source: 'none', scope, threshold };
  return { source: 'run', ...latest, threshold };
}
