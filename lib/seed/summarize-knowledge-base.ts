import { Prisma } from '../generated/prisma/client';
import type { DbOrTx } from '../db/prisma';
import { FACT_SCOPES, type FactScope } from '../facts/scope';

// What a seeded database holds, per scope, read back from the database (set-based SQL over the
// value heads, so it works at a million facts): the seed prints it to show the knowledge base has
// the health problems it was built to have. Roughly what lint will report, not a lint.

export interface ScopeSummary {
  scope: FactScope;
  facts: number;
  systemFacts: number;
  liveValues: number;
  expiredValues: number;
  expiringIn7Days: number;
  retractedValues: number;
  unresolvedConflicts: number;
  closedConflicts: number;
  orphanEntities: number;
  brokenRefs: number;
}

type CountRow = { scope: string; n: number };

const SYSTEM = Prisma.sql`'stigmem:%'`;

export async function summarizeKnowledgeBase(db: DbOrTx, now = new Date()): Promise<ScopeSummary[]> {
  const soon = new Date(now.getTime() + 7 * 86_400_000);
  const live = Prisma.sql`confidence > 0 AND (valid_until IS NULL OR valid_until >= ${now})`;
  // One after another: the embedded PGlite is a single session.
  const queries = [
    db.$queryRaw<CountRow[]>`SELECT scope, count(*)::int AS n FROM facts GROUP BY scope`,
    db.$queryRaw<CountRow[]>`SELECT scope, count(*)::int AS n FROM facts WHERE relation LIKE ${SYSTEM} GROUP BY scope`,
    db.$queryRaw<CountRow[]>`SELECT scope, count(*)::int AS n FROM value_heads WHERE relation NOT LIKE ${SYSTEM} AND ${live} GROUP BY scope`,
    db.$queryRaw<CountRow[]>`SELECT scope, count(*)::int AS n FROM value_heads WHERE confidence > 0 AND valid_until < ${now} GROUP BY scope`,
    db.$queryRaw<CountRow[]>`SELECT scope, count(*)::int AS n FROM value_heads WHERE confidence > 0 AND valid_until >= ${now} AND valid_until < ${soon} GROUP BY scope`,
    db.$queryRaw<CountRow[]>`SELECT scope, count(*)::int AS n FROM value_heads WHERE confidence = 0 GROUP BY scope`,
    db.$queryRaw<CountRow[]>`SELECT scope, count(*)::int AS n FROM contradictions WHERE status = 'open' GROUP BY scope`,
    db.$queryRaw<CountRow[]>`SELECT scope, count(*)::int AS n FROM contradictions WHERE status <> 'open' GROUP BY scope`,
    db.$queryRaw<CountRow[]>`
      SELECT scope, count(*)::int AS n FROM (
        SELECT scope, entity FROM value_heads WHERE relation NOT LIKE ${SYSTEM}
        GROUP BY scope, entity HAVING NOT bool_or(${live})
      ) e GROUP BY scope`,
    db.$queryRaw<CountRow[]>`
      SELECT r.scope, count(*)::int AS n FROM value_heads r
      WHERE r.ref_target IS NOT NULL AND r.confidence > 0 AND (r.valid_until IS NULL OR r.valid_until >= ${now})
        AND NOT EXISTS (SELECT 1 FROM value_heads t WHERE t.scope = r.scope AND t.entity = r.ref_target
                        AND t.confidence > 0 AND (t.valid_until IS NULL OR t.valid_until >= ${now}))
      GROUP BY r.scope`,
  ];
  const results: CountRow[][] = [];
  for (const query of queries) results.push(await query);
  const [facts, systemFacts, liveValues, expired, expiring, retracted, unresolved, closed, orphans, broken] = results;
  const by = (rows: CountRow[], scope: string) => rows.find((r) => r.scope === scope)?.n ?? 0;
  return FACT_SCOPES.map((scope) => ({
    scope,
    facts: by(facts, scope),
    systemFacts: by(systemFacts, scope),
    liveValues: by(liveValues, scope),
    expiredValues: by(expired, scope),
    expiringIn7Days: by(expiring, scope),
    retractedValues: by(retracted, scope),
    unresolvedConflicts: by(unresolved, scope),
    closedConflicts: by(closed, scope),
    orphanEntities: by(orphans, scope),
    brokenRefs: by(broken, scope),
  }));
}
