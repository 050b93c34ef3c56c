-- The review queue from the maintained synthesis state (docs/decisions.md § Maintained review
-- queue): a contradicted triple's row keeps its open contradiction and when that opened, so the
-- queue's figures (pending, aged, mean age) and the order of its pages read the contradicted rows
-- (an index of them) instead of testing every contradiction of the scope for two live values.

-- AlterTable
ALTER TABLE "synthesis_triples" ADD COLUMN     "contradicted_since" TIMESTAMPTZ(3),
ADD COLUMN     "contradiction_id" TEXT;

-- Only contradicted rows (a few per hundred triples), in the queue's order, with their windows: the
-- figures and the queue's default page read the index alone once the table is vacuumed.
CREATE INDEX "synthesis_triples_scope_contradicted_idx" ON "synthesis_triples"("scope", "contradicted_since", "contradiction_id")
  INCLUDE ("valid_after", "valid_through") WHERE "contradicted";

-- As before (migration 20261127152030_synthesis_state), and where the triple is contradicted its
-- open contradiction (at most one is open per triple): contradiction_id and contradicted_since.
DROP FUNCTION stigmem_synthesis_state(TEXT[], TEXT[], TEXT[], TIMESTAMPTZ);
CREATE FUNCTION stigmem_synthesis_state(p_scope TEXT[], p_entity TEXT[], p_relation TEXT[], p_at TIMESTAMPTZ)
RETURNS TABLE (scope TEXT, entity TEXT, relation TEXT, positive BIGINT, live_count INTEGER, centile INTEGER, contradicted BOOLEAN,
               valid_after TIMESTAMPTZ, valid_through TIMESTAMPTZ, contradiction_id TEXT, contradicted_since TIMESTAMPTZ) AS $$
  SELECT t.s, t.e, t.r, h.positive, h.live::int,
    CASE WHEN h.live > 0 THEN stigmem_confidence_centile(h.top) END,
    h.live >= 2 AND o.opened_at IS NOT NULL,
    coalesce(h.valid_after, '-infinity'::timestamptz), coalesce(h.valid_through, 'infinity'::timestamptz),
    CASE WHEN h.live >= 2 THEN o.id END, CASE WHEN h.live >= 2 THEN o.opened_at END
  FROM (SELECT DISTINCT u.s, u.e, u.r FROM unnest(p_scope, p_entity, p_relation) AS u(s, e, r)) t
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE v.confidence > 0) AS positive,
      count(*) FILTER (WHERE v.live) AS live,
      max(v.confidence) FILTER (WHERE v.live) AS top,
      max(v.valid_until) FILTER (WHERE v.confidence > 0 AND v.valid_until < p_at) AS valid_after,
      min(v.valid_until) FILTER (WHERE v.live) AS valid_through
    FROM (
      SELECT vh.confidence, vh.valid_until, vh.confidence > 0 AND (vh.valid_until IS NULL OR vh.valid_until >= p_at) AS live
      FROM value_heads vh WHERE vh.entity = t.e AND vh.relation = t.r AND vh.scope = t.s
    ) v
  ) h
  LEFT JOIN LATERAL (
    SELECT x.id, x.opened_at FROM contradictions x WHERE x.entity = t.e AND x.relation = t.r AND x.scope = t.s AND x.status = 'open' LIMIT 1
  ) o ON true
$$ LANGUAGE sql STABLE;

-- As before, with contradiction_id and contradicted_since among the columns compared and written.
CREATE OR REPLACE FUNCTION stigmem_synthesis_refresh(p_scope TEXT[], p_entity TEXT[], p_relation TEXT[]) RETURNS void AS $$
BEGIN
  WITH differing AS MATERIALIZED (
    SELECT f.*, o.scope IS NOT NULL AS existed, o.live_count AS old_live_count, o.centile AS old_centile, o.contradicted AS old_contradicted
    FROM stigmem_synthesis_state(p_scope, p_entity, p_relation, statement_timestamp()) f
    LEFT JOIN synthesis_triples o ON o.scope = f.scope AND o.entity = f.entity AND o.relation = f.relation
    WHERE CASE WHEN o.scope IS NULL THEN f.positive > 0 ELSE f.positive = 0
      OR (o.live_count, o.centile, o.contradicted, o.valid_after, o.valid_through, o.contradiction_id, o.contradicted_since)
        IS DISTINCT FROM (f.live_count, f.centile, f.contradicted, f.valid_after, f.valid_through, f.contradiction_id, f.contradicted_since) END
  ),
  delta AS (
    SELECT d.scope, d.centile, d.contradicted, sum(d.entries) AS entries, sum(d.facts) AS facts
    FROM (
      SELECT c.scope, c.centile, c.contradicted, 1 AS entries, c.live_count AS facts FROM differing c WHERE c.centile IS NOT NULL
      UNION ALL
      SELECT c.scope, c.old_centile, c.old_contradicted, -1, -c.old_live_count FROM differing c WHERE c.existed AND c.old_centile IS NOT NULL
    ) d
    GROUP BY d.scope, d.centile, d.contradicted
    HAVING sum(d.entries) <> 0 OR sum(d.facts) <> 0
  ),
  counted AS (
    INSERT INTO synthesis_counts (scope, centile, contradicted, entries, facts) SELECT * FROM delta
  ),
  gone AS (
    DELETE FROM synthesis_triples st USING differing c
    WHERE c.positive = 0 AND st.scope = c.scope AND st.entity = c.entity AND st.relation = c.relation
  )
  INSERT INTO synthesis_triples AS st (scope, entity, relation, live_count, centile, contradicted, valid_after, valid_through, contradiction_id, contradicted_since)
    SELECT c.scope, c.entity, c.relation, c.live_count, c.centile, c.contradicted, c.valid_after, c.valid_through, c.contradiction_id,
      c.contradicted_since
    FROM differing c WHERE c.positive > 0 ORDER BY 1, 2, 3
    ON CONFLICT (scope, entity, relation) DO UPDATE SET live_count = EXCLUDED.live_count, centile = EXCLUDED.centile,
      contradicted = EXCLUDED.contradicted, valid_after = EXCLUDED.valid_after, valid_through = EXCLUDED.valid_through,
      contradiction_id = EXCLUDED.contradiction_id, contradicted_since = EXCLUDED.contradicted_since;
END;
$$ LANGUAGE plpgsql;

-- Backfill: each contradicted row, its triple's open contradiction (what the function above gives it).
UPDATE synthesis_triples st SET contradiction_id = x.id, contradicted_since = x.opened_at
FROM contradictions x
WHERE st.contradicted AND x.entity = st.entity AND x.relation = st.relation AND x.scope = st.scope AND x.status = 'open';
