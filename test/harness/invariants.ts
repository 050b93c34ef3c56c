import { getDb } from '@/lib/db/prisma';

// SQL checks of the write path's invariants over everything under one entity prefix (the
// property test gives each run its own prefix), and snapshots of fact rows to prove they never change.

const like = (prefix: string) => `${prefix}%`;

/**
 * Fact rows as text, by id: the rows of entities under `prefix` and of their conflicts'
 * bookkeeping entities, or every row when prefix is null.
 */
export async function snapshotFacts(prefix: string | null): Promise<Map<string, string>> {
  const db = await getDb();
  const rows =
    prefix === null
      ? await db.$queryRaw<{ id: string; row: string }[]>`SELECT f.id, row_to_json(f)::text AS row FROM facts f`
      : await db.$queryRaw<{ id: string; row: string }[]>`
          SELECT f.id, row_to_json(f)::text AS row FROM facts f
          WHERE f.entity LIKE ${like(prefix)} OR f.entity IN (SELECT c.id FROM conflicts c WHERE c.entity LIKE ${like(prefix)})`;
  return new Map(rows.map((r) => [r.id, r.row]));
}

export async function snapshotFactsById(ids: string[]): Promise<Map<string, string>> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: string; row: string }[]>`SELECT f.id, row_to_json(f)::text AS row FROM facts f WHERE f.id = ANY(${ids}::text[])`;
  return new Map(rows.map((r) => [r.id, r.row]));
}

/** Every violation found, as readable lines; empty when the state is sound. */
export async function checkInvariants(prefix: string): Promise<string[]> {
  const db = await getDb();
  const pattern = like(prefix);
  const violations: string[] = [];

  // (a) Two live values of a triple: an open contradiction of the triple, or a decision still in its cooldown that covered both.
  const uncovered = await db.$queryRaw<{ entity: string; scope: string; a: string; b: string }[]>`
    SELECT a.entity, a.scope, a.value->>'v' AS a, b.value->>'v' AS b
    FROM value_heads a JOIN value_heads b
      ON b.entity = a.entity AND b.relation = a.relation AND b.scope = a.scope AND a.value_hash < b.value_hash
    WHERE a.entity LIKE ${pattern} AND a.relation NOT LIKE 'stigmem:%'
      AND a.confidence > 0 AND (a.valid_until IS NULL OR a.valid_until >= now())
      AND b.confidence > 0 AND (b.valid_until IS NULL OR b.valid_until >= now())
      AND NOT EXISTS (
        SELECT 1 FROM contradictions x
        WHERE x.entity = a.entity AND x.relation = a.relation AND x.scope = a.scope
          AND (x.status = 'open' OR (x.do_not_reopen_before > now() AND a.value_hash = ANY(x.decided_value_hashes) AND b.value_hash = ANY(x.decided_value_hashes))))`;
  for (const u of uncovered) violations.push(`live pair ${u.a}/${u.b} in ${u.scope} ${u.entity} has no open contradiction and no decision in its cooldown`);

  // Linear: a triple holds at most N - 1 unresolved conflicts for its N values with confidence > 0 (expiry is no write, so
  // an expired value still counts), all of them in its one open contradiction, whose count agrees.
  const linear = await db.$queryRaw<{ entity: string; scope: string; unresolved: bigint; values: bigint }[]>`
    SELECT c.entity, c.scope, count(*) AS unresolved,
      (SELECT count(*) FROM value_heads v WHERE v.entity = c.entity AND v.relation = c.relation AND v.scope = c.scope AND v.confidence > 0) AS values
    FROM conflicts c WHERE c.entity LIKE ${pattern} AND c.status = 'unresolved'
    GROUP BY c.entity, c.relation, c.scope
    HAVING count(*) > greatest(0, (SELECT count(*) FROM value_heads v WHERE v.entity = c.entity AND v.relation = c.relation AND v.scope = c.scope AND v.confidence > 0) - 1)`;
  for (const l of linear) violations.push(`${l.unresolved} unresolved conflicts for ${l.values} values in ${l.scope} ${l.entity}`);
  const strays = await db.$queryRaw<{ id: string; why: string }[]>`
    SELECT c.id, 'unresolved conflict outside an open contradiction of its triple' AS why FROM conflicts c
    LEFT JOIN contradictions x ON x.id = c.contradiction_id
    WHERE c.entity LIKE ${pattern} AND c.status = 'unresolved'
      AND (x.id IS NULL OR x.status <> 'open' OR (x.entity, x.relation, x.scope) <> (c.entity, c.relation, c.scope))
    UNION ALL
    SELECT x.id, 'open_conflicts ' || x.open_conflicts || ' but ' || (SELECT count(*) FROM conflicts c WHERE c.contradiction_id = x.id AND c.status = 'unresolved') || ' unresolved'
    FROM contradictions x WHERE x.entity LIKE ${pattern} AND x.status = 'open'
      AND x.open_conflicts <> (SELECT count(*) FROM conflicts c WHERE c.contradiction_id = x.id AND c.status = 'unresolved')
    UNION ALL
    SELECT x.id, 'open without an unresolved conflict' FROM contradictions x WHERE x.entity LIKE ${pattern} AND x.status = 'open' AND x.open_conflicts < 1
    UNION ALL
    SELECT x.id, 'its anchor owns a conflict' FROM contradictions x
    WHERE x.entity LIKE ${pattern} AND x.status = 'open'
      AND EXISTS (SELECT 1 FROM conflicts c WHERE c.contradiction_id = x.id AND c.status = 'unresolved' AND c.value_b_hash = x.anchor_value_hash)
    UNION ALL
    SELECT min(c.id), 'a value owns ' || count(*) || ' unresolved conflicts' FROM conflicts c
    WHERE c.entity LIKE ${pattern} AND c.status = 'unresolved' GROUP BY c.contradiction_id, c.value_b_hash HAVING count(*) > 1`;
  for (const s of strays) violations.push(`${s.id}: ${s.why}`);

  // At most one unresolved conflict per triple and value pair.
  const duplicates = await db.$queryRaw<{ entity: string; pair_key: string; n: bigint }[]>`
    SELECT entity, pair_key, count(*) AS n FROM conflicts
    WHERE entity LIKE ${pattern} AND status = 'unresolved'
    GROUP BY entity, relation, scope, pair_key HAVING count(*) > 1`;
  for (const d of duplicates) violations.push(`${d.n} unresolved conflicts for one pair in ${d.entity}`);

  // Value heads agree with the facts: the last per value in fact order (HLC, then id), zeroed by a later triple-wide retraction.
  const heads = await db.$queryRaw<{ entity: string; v: string; expected_head: string; head_fact_id: string | null; expected_confidence: number; confidence: number | null }[]>`
    WITH latest AS (
      SELECT DISTINCT ON (entity, relation, scope, value_hash) entity, relation, scope, value_hash, id, hlc_wall, hlc_counter, confidence, valid_until, value
      FROM facts WHERE entity LIKE ${pattern}
      ORDER BY entity, relation, scope, value_hash, hlc_wall DESC, hlc_counter DESC, id COLLATE "C" DESC)
    SELECT l.entity, l.value->>'v' AS v, l.id AS expected_head, vh.head_fact_id, vh.confidence,
      CASE WHEN EXISTS (
        SELECT 1 FROM facts r
        WHERE r.retracts_triple AND r.entity = l.entity AND r.relation = l.relation AND r.scope = l.scope
          AND (r.hlc_wall, r.hlc_counter) > (l.hlc_wall, l.hlc_counter)) THEN 0 ELSE l.confidence END AS expected_confidence
    FROM latest l LEFT JOIN value_heads vh
      ON vh.entity = l.entity AND vh.relation = l.relation AND vh.scope = l.scope AND vh.value_hash = l.value_hash
    WHERE vh.head_fact_id IS DISTINCT FROM l.id OR vh.valid_until IS DISTINCT FROM l.valid_until
      OR vh.confidence IS DISTINCT FROM (CASE WHEN EXISTS (
        SELECT 1 FROM facts r
        WHERE r.retracts_triple AND r.entity = l.entity AND r.relation = l.relation AND r.scope = l.scope
          AND (r.hlc_wall, r.hlc_counter) > (l.hlc_wall, l.hlc_counter)) THEN 0 ELSE l.confidence END)`;
  for (const h of heads) {
    violations.push(`value head of ${h.v} in ${h.entity}: ${h.head_fact_id}@${h.confidence}, facts say ${h.expected_head}@${h.expected_confidence}`);
  }

  // The newest stigmem:conflict:status fact of each conflict matches its row.
  const statuses = await db.$queryRaw<{ id: string; status: string; resolution_basis: string | null; fact_status: string | null }[]>`
    SELECT c.id, c.status, c.resolution_basis, s.value->>'v' AS fact_status
    FROM conflicts c LEFT JOIN LATERAL (
      SELECT f.value FROM facts f WHERE f.entity = c.id AND f.relation = 'stigmem:conflict:status'
      ORDER BY f.hlc_wall DESC, f.hlc_counter DESC LIMIT 1) s ON true
    WHERE c.entity LIKE ${pattern}`;
  for (const s of statuses) {
    const expected = s.status === 'unresolved' ? 'unresolved' : s.resolution_basis === 'dismissed' ? 'dismissed' : 'resolved';
    if (s.fact_status !== expected) violations.push(`conflict ${s.id} is ${s.status}/${s.resolution_basis} but its status fact says ${s.fact_status}`);
  }
  return violations;
}
