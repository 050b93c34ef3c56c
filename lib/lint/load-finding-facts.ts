import { getDb } from '../db/prisma';
import { type FactRecord, type FactRow, toFactRecord } from '../facts/fact-record';
import type { FactScope } from '../facts/scope';
import type { LintFinding } from './lint-request';

/**
 * The facts a page of contradiction findings points at, so the scope page can show both values side
 * by side (value, confidence, source, age) as the conflict queue does. One statement for the page;
 * only contradiction findings need it (stale and broken-ref findings carry what they show).
 */
export async function loadFindingFacts(findings: LintFinding[], scope: FactScope): Promise<Record<string, FactRecord>> {
  const ids = [...new Set(findings.filter((f) => f.check === 'contradiction').flatMap((f) => f.fact_ids))];
  if (!ids.length) return {};
  const rows = await (await getDb()).$queryRaw<FactRow[]>`
    SELECT f.id, f.entity, f.relation, f.scope, f.value, f.source, f.timestamp, f.hlc_wall, f.hlc_counter, f.valid_until, f.confidence
    FROM facts f WHERE f.id = ANY(${ids}::text[]) AND f.scope = ${scope}`;
  return Object.fromEntries(rows.map((row) => [row.id, toFactRecord(row)]));
}
