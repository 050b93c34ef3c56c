-- The synthesis state (migration 20261127212608_review_queue_state) looked up each counted triple's open
-- contradiction for every triple a write touched, though only a triple with two live values or more can
-- be contradicted: one index probe of contradictions per triple in every value_heads statement, 12–20 ms
-- per 1,000 facts (docs/performance.md § Ingest). The lookup now runs only for those triples (a
-- condition on the outer row alone, so the probe is skipped, not filtered); the answer is the same: a
-- triple with fewer live values keeps no contradiction either way.
CREATE OR REPLACE FUNCTION stigmem_synthesis_state(p_scope TEXT[], p_entity TEXT[], p_relation TEXT[], p_at TIMESTAMPTZ)
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
    SELECT x.id, x.opened_at FROM contradictions x
    WHERE h.live >= 2 AND x.entity = t.e AND x.relation = t.r AND x.scope = t.s AND x.status = 'open' LIMIT 1
  ) o ON true
$$ LANGUAGE sql STABLE;
