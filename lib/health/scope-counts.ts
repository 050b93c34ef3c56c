import { getDb } from '../db/prisma';
import type { FactScope } from '../facts/scope';

// Per-scope counts for the dashboard home: fact rows (history included), live values (value heads
// with confidence > 0 that have not expired) and unresolved conflicts. Three index-backed counts
// per scope, computed in the database.

export interface ScopeCounts {
  scope: FactScope;
  facts: number;
  liveValues: number;
  unresolvedConflicts: number;
}

interface ScopeCountsRow {
  scope: FactScope;
  facts: number;
  live_values: number;
  unresolved_conflicts: number;
}

export async function scopeCounts(scopes: FactScope[], now = new Date()): Promise<ScopeCounts[]> {
  if (!scopes.length) return [];
  const db = await getDb();
  const rows = await db.$queryRaw<ScopeCountsRow[]>`
    SELECT s.scope,
      (SELECT count(*) FROM facts f WHERE f.scope = s.scope)::int AS facts,
      (SELECT count(*) FROM value_heads vh
        WHERE vh.scope = s.scope AND vh.confidence > 0 AND (vh.valid_until IS NULL OR vh.valid_until >= ${now}))::int AS live_values,
      (SELECT count(*) FROM conflicts c WHERE c.scope = s.scope AND c.status = 'unresolved')::int AS unresolved_conflicts
    FROM unnest(${scopes}::text[]) WITH ORDINALITY AS s(scope, position)
    ORDER BY s.position`;
  return rows.map((row) => ({
    scope: row.scope,
    facts: Number(row.facts),
    liveValues: Number(row.live_values),
    unresolvedConflicts: Number(row.unresolved_conflicts),
  }));
}
