import { Prisma } from '../generated/prisma/client';
import { readOnly } from '../db/read-only';
import type { FactScope } from '../facts/scope';
import { findingsSql } from './finding-sql';
import { healthScore } from './health-score';
import { LINT_CHECKS, type LintCheck, type Severity } from './lint-request';
import { formatInstant } from '../time/instant';
import { countScopeSizes } from '../facts/count-scope-sizes';

// Per-scope health for the dashboard's cards: the scope's sizes (lib/facts/count-scope-sizes.ts),
// findings by severity, by check and by relation namespace, and the health score. Aggregated in SQL, read-only.

export interface ScopeHealth {
  scope: FactScope;
  fact_count: number;
  value_count: number;
  live_value_count: number;
  entity_count: number;
  findings: Record<Severity, number>;
  by_check: Record<LintCheck, number>;
  /** Findings per relation namespace ("" for entity-level orphans), by severity. */
  by_namespace: { namespace: string; error: number; warning: number; info: number }[];
  score: number;
  checked_at: string;
}

export async function scopeHealth(scope: FactScope, staleLookaheadS = 0): Promise<ScopeHealth> {
  return readOnly(async (tx) => {
    const now = new Date();
    const request = { scope, checks: [...LINT_CHECKS], entity: null, relation: null, stale_lookahead_s: staleLookaheadS };
    const sizes = await countScopeSizes(tx, scope, now);
    const groups = await tx.$queryRaw<{ check: LintCheck; severity: Severity; namespace: string; n: bigint }[]>(Prisma.sql`
      SELECT f."check", f.severity, f.namespace, count(*) AS n FROM (${findingsSql(request, now)}) f
      GROUP BY f."check", f.severity, f.namespace`);
    const findings: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
    const byCheck = Object.fromEntries(LINT_CHECKS.map((c) => [c, 0])) as Record<LintCheck, number>;
    const byNamespace = new Map<string, { namespace: string; error: number; warning: number; info: number }>();
    for (const g of groups) {
      const n = Number(g.n);
      findings[g.severity] += n;
      byCheck[g.check] += n;
      const row = byNamespace.get(g.namespace) ?? { namespace: g.namespace, error: 0, warning: 0, info: 0 };
      row[g.severity] += n;
      byNamespace.set(g.namespace, row);
    }
    return {
      scope,
      ...sizes,
      findings,
      by_check: byCheck,
      by_namespace: [...byNamespace.values()].sort((a, b) => b.error + b.warning + b.info - (a.error + a.warning + a.info)),
      score: healthScore(findings, sizes.live_value_count),
      checked_at: formatInstant(now),
    };
  });
}
