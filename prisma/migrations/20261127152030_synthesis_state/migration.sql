-- Maintained health state (docs/decisions.md § Maintained synthesis totals): what each triple adds to
-- its scope's synthesis totals (entries and live values per hundredth of confidence, contradicted or
-- not), valid over a window of instants bounded by its values' expiries, and the scope's totals as
-- insert-only changes. Kept by statement-level triggers on value_heads and contradictions in the
-- writing transaction, whatever the write path; a read adds the totals and recounts only the
-- triples whose window does not hold the instant it reads at.

-- CreateTable
CREATE TABLE "synthesis_triples" (
    "scope" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "relation" TEXT NOT NULL,
    "live_count" INTEGER NOT NULL,
    "centile" SMALLINT,
    "contradicted" BOOLEAN NOT NULL,
    "valid_after" TIMESTAMPTZ(3) NOT NULL,
    "valid_through" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "synthesis_triples_pkey" PRIMARY KEY ("scope","entity","relation")
);

-- CreateTable
CREATE TABLE "synthesis_counts" (
    "id" BIGSERIAL NOT NULL,
    "scope" TEXT NOT NULL,
    "centile" SMALLINT NOT NULL,
    "contradicted" BOOLEAN NOT NULL,
    "entries" BIGINT NOT NULL,
    "facts" BIGINT NOT NULL,

    CONSTRAINT "synthesis_counts_pkey" PRIMARY KEY ("id")
);

-- The windows' ends, indexed only where they are instants: most triples have no expiry on either
-- side, and a partial index costs their writes nothing. Reads name the predicates literally.
CREATE INDEX "synthesis_triples_scope_valid_through_idx" ON "synthesis_triples"("scope", "valid_through") WHERE "valid_through" < 'infinity';
CREATE INDEX "synthesis_triples_scope_valid_after_idx" ON "synthesis_triples"("scope", "valid_after") WHERE "valid_after" > '-infinity';

-- CreateIndex
CREATE INDEX "synthesis_counts_scope_idx" ON "synthesis_counts"("scope");

-- The hundredth of confidence an entry counts under: the greatest k with (k/100)::float8 <= c, so a
-- minimum confidence in whole hundredths compares as the database compares confidence with it.
-- floor(c × 100) corrected by one either way where the product's rounding crossed a boundary.
CREATE FUNCTION stigmem_confidence_centile(c DOUBLE PRECISION) RETURNS INTEGER AS $$
  SELECT least(100, greatest(0, CASE
    WHEN floor(c * 100) < 100 AND ((floor(c * 100) + 1) / 100.0)::float8 <= c THEN floor(c * 100) + 1
    WHEN floor(c * 100) > 0 AND (floor(c * 100) / 100.0)::float8 > c THEN floor(c * 100) - 1
    ELSE floor(c * 100) END))::int
$$ LANGUAGE sql IMMUTABLE;

-- The synthesis state of the given triples (arrays of the same length; repeats count once) at
-- instant p_at, by §16's definitions: the live values (confidence > 0, valid_until absent or >= p_at),
-- the entry's centile (its winner's confidence, the highest live one), contradicted (an open
-- contradiction and at least two live values), and the window (valid_after, valid_through] of
-- instants at which all of this is the same: between the latest expiry before p_at and the earliest
-- at or after it. `positive`: values with confidence > 0 (none: the triple never adds anything).
CREATE FUNCTION stigmem_synthesis_state(p_scope TEXT[], p_entity TEXT[], p_relation TEXT[], p_at TIMESTAMPTZ)
RETURNS TABLE (scope TEXT, entity TEXT, relation TEXT, positive BIGINT, live_count INTEGER, centile INTEGER, contradicted BOOLEAN,
               valid_after TIMESTAMPTZ, valid_through TIMESTAMPTZ) AS $$
  SELECT t.s, t.e, t.r, h.positive, h.live::int,
    CASE WHEN h.live > 0 THEN stigmem_confidence_centile(h.top) END,
    h.live >= 2 AND EXISTS (SELECT 1 FROM contradictions x WHERE x.entity = t.e AND x.relation = t.r AND x.scope = t.s AND x.status = 'open'),
    coalesce(h.valid_after, '-infinity'::timestamptz), coalesce(h.valid_through, 'infinity'::timestamptz)
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
$$ LANGUAGE sql STABLE;

-- Counts the given triples again now and records what changed: the triple's row (none when it has no
-- value of confidence > 0) and, as one inserted row per changed (scope, centile, contradicted), the
-- difference to the scope's totals. Only rows that differ are written (an upsert that changes
-- nothing would still lock and dirty its row). Every caller holds the triples' entity write locks
-- (lib/facts/write-locks.ts), so no other transaction changes their rows meanwhile.
CREATE FUNCTION stigmem_synthesis_refresh(p_scope TEXT[], p_entity TEXT[], p_relation TEXT[]) RETURNS void AS $$
BEGIN
  WITH differing AS MATERIALIZED (
    SELECT f.*, o.scope IS NOT NULL AS existed, o.live_count AS old_live_count, o.centile AS old_centile, o.contradicted AS old_contradicted
    FROM stigmem_synthesis_state(p_scope, p_entity, p_relation, statement_timestamp()) f
    LEFT JOIN synthesis_triples o ON o.scope = f.scope AND o.entity = f.entity AND o.relation = f.relation
    WHERE CASE WHEN o.scope IS NULL THEN f.positive > 0 ELSE f.positive = 0
      OR (o.live_count, o.centile, o.contradicted, o.valid_after, o.valid_through)
        IS DISTINCT FROM (f.live_count, f.centile, f.contradicted, f.valid_after, f.valid_through) END
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
  INSERT INTO synthesis_triples AS st (scope, entity, relation, live_count, centile, contradicted, valid_after, valid_through)
    SELECT c.scope, c.entity, c.relation, c.live_count, c.centile, c.contradicted, c.valid_after, c.valid_through
    FROM differing c WHERE c.positive > 0 ORDER BY 1, 2, 3
    ON CONFLICT (scope, entity, relation) DO UPDATE SET live_count = EXCLUDED.live_count, centile = EXCLUDED.centile,
      contradicted = EXCLUDED.contradicted, valid_after = EXCLUDED.valid_after, valid_through = EXCLUDED.valid_through;
END;
$$ LANGUAGE plpgsql;

-- Inserted or deleted heads or contradictions (transition table `changed`): their triples, counted again.
CREATE FUNCTION stigmem_synthesis_triples_changed() RETURNS trigger AS $$
BEGIN
  PERFORM stigmem_synthesis_refresh(array_agg(t.scope), array_agg(t.entity), array_agg(t.relation))
  FROM (SELECT DISTINCT c.scope, c.entity, c.relation FROM changed c WHERE c.relation NOT LIKE 'stigmem:%') t
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- Updated heads: only those whose confidence or expiry changed (not the integrity detectors' results).
CREATE FUNCTION stigmem_synthesis_heads_updated() RETURNS trigger AS $$
BEGIN
  PERFORM stigmem_synthesis_refresh(array_agg(t.scope), array_agg(t.entity), array_agg(t.relation))
  FROM (
    SELECT DISTINCT n.scope, n.entity, n.relation
    FROM changed n JOIN previous o ON o.entity = n.entity AND o.relation = n.relation AND o.scope = n.scope AND o.value_hash = n.value_hash
    WHERE n.relation NOT LIKE 'stigmem:%'
      AND (n.confidence IS DISTINCT FROM o.confidence OR n.valid_until IS DISTINCT FROM o.valid_until)
  ) t
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- Contradictions whose status changed: their triples' contradicted flag, counted again.
CREATE FUNCTION stigmem_synthesis_contradictions_updated() RETURNS trigger AS $$
BEGIN
  PERFORM stigmem_synthesis_refresh(array_agg(t.scope), array_agg(t.entity), array_agg(t.relation))
  FROM (
    SELECT DISTINCT n.scope, n.entity, n.relation FROM changed n JOIN previous o ON o.id = n.id
    WHERE n.relation NOT LIKE 'stigmem:%' AND n.status IS DISTINCT FROM o.status
  ) t
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER value_heads_synthesis_insert AFTER INSERT ON value_heads
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_synthesis_triples_changed();
CREATE TRIGGER value_heads_synthesis_update AFTER UPDATE ON value_heads
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_synthesis_heads_updated();
CREATE TRIGGER value_heads_synthesis_delete AFTER DELETE ON value_heads
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_synthesis_triples_changed();
CREATE TRIGGER contradictions_synthesis_insert AFTER INSERT ON contradictions
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_synthesis_triples_changed();
CREATE TRIGGER contradictions_synthesis_update AFTER UPDATE ON contradictions
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_synthesis_contradictions_updated();
CREATE TRIGGER contradictions_synthesis_delete AFTER DELETE ON contradictions
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_synthesis_triples_changed();

-- Backfill: every triple with a value head, counted as the triggers count it, 50,000 triples at a
-- time in key order (one statement over every triple of a large database would build arrays near
-- PostgreSQL's 1 GB limit).
DO $$
DECLARE
  s TEXT[];
  e TEXT[];
  r TEXT[];
  after_scope TEXT := '';
  after_entity TEXT := '';
  after_relation TEXT := '';
BEGIN
  LOOP
    SELECT array_agg(t.scope ORDER BY t.scope, t.entity, t.relation), array_agg(t.entity ORDER BY t.scope, t.entity, t.relation),
           array_agg(t.relation ORDER BY t.scope, t.entity, t.relation)
      INTO s, e, r
      FROM (
        SELECT DISTINCT vh.scope, vh.entity, vh.relation FROM value_heads vh
        WHERE (vh.scope, vh.entity, vh.relation) > (after_scope, after_entity, after_relation) AND vh.relation NOT LIKE 'stigmem:%'
        ORDER BY 1, 2, 3 LIMIT 50000
      ) t;
    EXIT WHEN s IS NULL;
    PERFORM stigmem_synthesis_refresh(s, e, r);
    after_scope := s[array_upper(s, 1)];
    after_entity := e[array_upper(e, 1)];
    after_relation := r[array_upper(r, 1)];
  END LOOP;
END;
$$;
