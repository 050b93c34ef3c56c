-- Contradictions from the conflicts recorded pairwise before (docs/semantics.md § Contradictions).
-- No conflict row is deleted and no fact rewritten:
--   1. every decided conflict becomes a decided contradiction of its own: its two values (and the
--      value that won, if new) are the decision's values, its cooldown the decision's cooldown, so
--      a pair in its cooldown stays closed exactly as before;
--   2. the unresolved conflicts of each triple become one open contradiction. Its anchor is a side
--      value that owns no unresolved conflict (is value B of none; the value that was live first),
--      else the strongest side. Each other value keeps one conflict it owns (the one against the
--      anchor if there is one, else its newest); every other unresolved conflict of the triple is
--      closed with basis "merged" and its stigmem:conflict:status fact, so a triple with N values
--      holds at most N - 1 unresolved conflicts, as the write path keeps it from now on.

-- 1. Decided conflicts.
CREATE TEMP TABLE legacy_decided AS
  SELECT c.id AS conflict_id, 'stigmem:contradiction:' || gen_random_uuid()::text AS contradiction_id
  FROM conflicts c WHERE c.status <> 'unresolved' AND c.contradiction_id IS NULL;

INSERT INTO contradictions (id, entity, relation, scope, status, anchor_value_hash, open_conflicts, opened_at, resolved_at, resolved_by,
  resolution_note, resolution_basis, resolution_fact_id, winner_value_hash, decided_value_hashes, do_not_reopen_before)
SELECT d.contradiction_id, c.entity, c.relation, c.scope, 'resolved', NULL, 0, c.detected_at, c.resolved_at, c.resolved_by,
  c.resolution_note, c.resolution_basis, c.resolution_fact_id, w.value_hash,
  CASE WHEN c.resolution_basis = 'retracted' THEN ARRAY[]::text[]
       ELSE ARRAY(SELECT DISTINCT h FROM unnest(ARRAY[c.value_a_hash, c.value_b_hash, w.value_hash]) AS h WHERE h IS NOT NULL ORDER BY h) END,
  c.do_not_reopen_before
FROM legacy_decided d
JOIN conflicts c ON c.id = d.conflict_id
-- A resolution's fact asserts the winning value; a closing retraction's fact is no winner.
LEFT JOIN facts w ON w.id = c.resolution_fact_id AND c.resolution_basis IN ('manual', 'evidence', 'confidence');

UPDATE conflicts c SET contradiction_id = d.contradiction_id FROM legacy_decided d WHERE c.id = d.conflict_id;

-- 2. Unresolved conflicts, one open contradiction per triple.
CREATE TEMP TABLE legacy_open AS
  SELECT c.entity, c.relation, c.scope, 'stigmem:contradiction:' || gen_random_uuid()::text AS contradiction_id, min(c.detected_at) AS opened_at
  FROM conflicts c WHERE c.status = 'unresolved' AND c.contradiction_id IS NULL
  GROUP BY c.entity, c.relation, c.scope;

CREATE TEMP TABLE legacy_sides AS
  SELECT o.contradiction_id, s.value_hash, bool_or(s.is_b) AS owns
  FROM legacy_open o
  JOIN conflicts c ON c.entity = o.entity AND c.relation = o.relation AND c.scope = o.scope AND c.status = 'unresolved'
  CROSS JOIN LATERAL (VALUES (c.value_a_hash, false), (c.value_b_hash, true)) AS s(value_hash, is_b)
  GROUP BY o.contradiction_id, s.value_hash;

CREATE TEMP TABLE legacy_anchor AS
  SELECT DISTINCT ON (o.contradiction_id) o.contradiction_id, s.value_hash AS anchor
  FROM legacy_open o
  JOIN legacy_sides s ON s.contradiction_id = o.contradiction_id
  LEFT JOIN value_heads vh ON vh.entity = o.entity AND vh.relation = o.relation AND vh.scope = o.scope AND vh.value_hash = s.value_hash
  ORDER BY o.contradiction_id, s.owns,
    (vh.confidence > 0 AND (vh.valid_until IS NULL OR vh.valid_until >= now())) DESC NULLS LAST,
    vh.confidence DESC NULLS LAST, vh.head_hlc_wall DESC NULLS LAST, vh.head_hlc_counter DESC NULLS LAST, s.value_hash;

CREATE TEMP TABLE legacy_kept AS
  SELECT DISTINCT ON (o.contradiction_id, c.value_b_hash) c.id, o.contradiction_id
  FROM legacy_open o
  JOIN legacy_anchor a ON a.contradiction_id = o.contradiction_id
  JOIN conflicts c ON c.entity = o.entity AND c.relation = o.relation AND c.scope = o.scope AND c.status = 'unresolved'
  WHERE c.value_b_hash <> a.anchor
  ORDER BY o.contradiction_id, c.value_b_hash, (c.value_a_hash = a.anchor) DESC, c.detected_at DESC, c.id;

INSERT INTO contradictions (id, entity, relation, scope, status, anchor_value_hash, open_conflicts, opened_at, decided_value_hashes)
SELECT o.contradiction_id, o.entity, o.relation, o.scope, 'open', a.anchor,
  (SELECT count(*) FROM legacy_kept k WHERE k.contradiction_id = o.contradiction_id), o.opened_at, ARRAY[]::text[]
FROM legacy_open o JOIN legacy_anchor a ON a.contradiction_id = o.contradiction_id;

UPDATE conflicts c SET contradiction_id = o.contradiction_id
FROM legacy_open o
WHERE c.entity = o.entity AND c.relation = o.relation AND c.scope = o.scope AND c.status = 'unresolved' AND c.contradiction_id IS NULL;

CREATE TEMP TABLE legacy_merged AS
  SELECT c.id, c.scope, row_number() OVER (ORDER BY c.id) - 1 AS n
  FROM conflicts c JOIN legacy_open o ON o.contradiction_id = c.contradiction_id
  WHERE c.status = 'unresolved' AND NOT EXISTS (SELECT 1 FROM legacy_kept k WHERE k.id = c.id);

UPDATE conflicts c SET status = 'resolved', resolution_basis = 'merged', resolved_at = now(), resolved_by = 'system:stigmem',
  resolution_note = 'merged into the contradiction of its triple (contradictions became one per triple)'
FROM legacy_merged m WHERE c.id = m.id;

-- Their status facts, with HLCs after every stored one (the node's clock reads the newest HLC
-- before it ticks, so it carries on from these), counted up as the clock does: 1,000 per millisecond.
CREATE TEMP TABLE legacy_clock AS
  WITH newest AS (SELECT hlc_wall, hlc_counter FROM facts ORDER BY hlc_wall DESC, hlc_counter DESC LIMIT 1),
  phys AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS wall)
  SELECT CASE WHEN newest.hlc_wall IS NULL OR phys.wall > newest.hlc_wall THEN phys.wall ELSE newest.hlc_wall END AS wall,
         CASE WHEN newest.hlc_wall IS NULL OR phys.wall > newest.hlc_wall THEN 0 ELSE newest.hlc_counter + 1 END AS counter
  FROM phys LEFT JOIN newest ON true;

WITH ins AS (
  INSERT INTO facts (id, entity, relation, scope, value, value_type, value_hash, ref_target, source, timestamp, hlc_wall, hlc_counter,
    valid_until, confidence, retracts_triple, write_mode, derived_from, session_id)
  SELECT gen_random_uuid()::text, m.id, 'stigmem:conflict:status', m.scope, '{"type": "string", "v": "resolved"}'::jsonb, 'string',
    encode(sha256(convert_to('string:"resolved"', 'UTF8')), 'hex'), NULL, 'system:stigmem', to_timestamp(h.wall / 1000.0), h.wall, h.counter,
    NULL, 1, false, 'assert', '[]'::jsonb, NULL
  FROM legacy_merged m CROSS JOIN legacy_clock k
  CROSS JOIN LATERAL (SELECT k.wall + (k.counter + m.n) / 1000 AS wall, ((k.counter + m.n) % 1000)::int AS counter) h
  RETURNING *
)
INSERT INTO value_heads (entity, relation, scope, value_hash, value, value_type, ref_target, head_fact_id, head_hlc_wall, head_hlc_counter,
  head_confidence, head_source, head_timestamp, valid_until, triple_retracted, confidence, base_fact_id, base_hlc_wall, base_hlc_counter,
  base_confidence, base_timestamp, base_source, first_asserted_hlc_wall, first_asserted_hlc_counter, search)
SELECT ins.entity, ins.relation, ins.scope, ins.value_hash, ins.value, ins.value_type, NULL, ins.id, ins.hlc_wall, ins.hlc_counter,
  1, ins.source, ins.timestamp, NULL, false, 1, ins.id, ins.hlc_wall, ins.hlc_counter, 1, ins.timestamp, ins.source, ins.hlc_wall, ins.hlc_counter,
  to_tsvector('simple'::regconfig, regexp_replace(ins.entity || ' ' || ins.relation || ' ' || coalesce(ins.value ->> 'v', ''), '[^[:alnum:]]+', ' ', 'g'))
FROM ins
ON CONFLICT (entity, relation, scope, value_hash) DO UPDATE SET
  value = EXCLUDED.value, head_fact_id = EXCLUDED.head_fact_id, head_hlc_wall = EXCLUDED.head_hlc_wall, head_hlc_counter = EXCLUDED.head_hlc_counter,
  head_confidence = 1, head_source = EXCLUDED.head_source, head_timestamp = EXCLUDED.head_timestamp, valid_until = NULL, triple_retracted = false,
  confidence = 1, base_fact_id = EXCLUDED.base_fact_id, base_hlc_wall = EXCLUDED.base_hlc_wall, base_hlc_counter = EXCLUDED.base_hlc_counter,
  base_confidence = 1, base_timestamp = EXCLUDED.base_timestamp, base_source = EXCLUDED.base_source;

DROP TABLE legacy_decided, legacy_open, legacy_sides, legacy_anchor, legacy_kept, legacy_merged, legacy_clock;
