-- Maintained health state (docs/decisions.md § Maintained health state): per (scope, entity), the
-- last instant at which the entity still has a live value, so "which entities have no live value as
-- of now" (lint's orphan and broken_ref checks) is a range read on an index instead of an aggregate
-- over every value head of the scope. Kept by statement-level triggers on value_heads, whichever
-- write path (ingest, import, resolve, decay sweep, quarantine, a migration) changed the heads.

-- CreateTable
CREATE TABLE "entity_liveness" (
    "scope" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "live_until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "entity_liveness_pkey" PRIMARY KEY ("scope","entity")
);

-- CreateIndex
CREATE INDEX "entity_liveness_scope_live_until_idx" ON "entity_liveness"("scope", "live_until");

-- How long one value head keeps its entity live: a head with confidence > 0 until its valid_until
-- (`infinity` without one); a retracted, decayed-out or quarantined head (confidence 0) never.
-- A value is live at t when confidence > 0 and (valid_until IS NULL OR valid_until >= t), so an
-- entity is live at t exactly when the greatest of its heads' figures is >= t.
CREATE FUNCTION stigmem_head_live_until(confidence DOUBLE PRECISION, valid_until TIMESTAMPTZ) RETURNS TIMESTAMPTZ AS $$
  SELECT CASE WHEN confidence > 0 THEN coalesce(valid_until, 'infinity'::timestamptz) ELSE '-infinity'::timestamptz END
$$ LANGUAGE sql IMMUTABLE;

-- New heads can only raise their entity's figure: a greatest() under the row's own lock, correct
-- whatever else runs at the same time.
CREATE FUNCTION stigmem_entity_liveness_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO entity_liveness AS e (scope, entity, live_until)
    SELECT c.scope, c.entity, max(stigmem_head_live_until(c.confidence, c.valid_until)) FROM changed c
    GROUP BY c.scope, c.entity ORDER BY 1, 2
    ON CONFLICT (scope, entity) DO UPDATE SET live_until = EXCLUDED.live_until WHERE e.live_until < EXCLUDED.live_until;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- A changed head raises its entity's figure, or lowers it: then, if that head held the entity's
-- figure, the figure is counted again from the entity's heads. Every writer that lowers a head holds
-- its entity's write lock (lib/facts/write-locks.ts), so no other transaction changes those heads
-- meanwhile. An update that leaves a head's figure as it was (integrity results) costs a join only.
CREATE FUNCTION stigmem_entity_liveness_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO entity_liveness AS e (scope, entity, live_until)
    SELECT n.scope, n.entity, max(stigmem_head_live_until(n.confidence, n.valid_until))
    FROM changed n JOIN previous o ON o.entity = n.entity AND o.relation = n.relation AND o.scope = n.scope AND o.value_hash = n.value_hash
    WHERE stigmem_head_live_until(n.confidence, n.valid_until) > stigmem_head_live_until(o.confidence, o.valid_until)
    GROUP BY n.scope, n.entity ORDER BY 1, 2
    ON CONFLICT (scope, entity) DO UPDATE SET live_until = EXCLUDED.live_until WHERE e.live_until < EXCLUDED.live_until;
  UPDATE entity_liveness e SET live_until = r.live_until
    FROM (
      SELECT t.scope, t.entity,
        (SELECT max(stigmem_head_live_until(vh.confidence, vh.valid_until)) FROM value_heads vh WHERE vh.scope = t.scope AND vh.entity = t.entity) AS live_until
      FROM (
        SELECT DISTINCT n.scope, n.entity
        FROM changed n JOIN previous o ON o.entity = n.entity AND o.relation = n.relation AND o.scope = n.scope AND o.value_hash = n.value_hash
          JOIN entity_liveness l ON l.scope = n.scope AND l.entity = n.entity
        WHERE stigmem_head_live_until(n.confidence, n.valid_until) < stigmem_head_live_until(o.confidence, o.valid_until)
          AND stigmem_head_live_until(o.confidence, o.valid_until) >= l.live_until
      ) t
    ) r
    WHERE e.scope = r.scope AND e.entity = r.entity AND e.live_until <> r.live_until;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- Heads are not deleted by the node; a deletion (a repair, a migration) counts its entities again,
-- and an entity left without heads has no row.
CREATE FUNCTION stigmem_entity_liveness_delete() RETURNS trigger AS $$
BEGIN
  WITH touched AS (SELECT DISTINCT c.scope, c.entity FROM changed c),
  counted AS (
    SELECT t.scope, t.entity,
      (SELECT max(stigmem_head_live_until(vh.confidence, vh.valid_until)) FROM value_heads vh WHERE vh.scope = t.scope AND vh.entity = t.entity) AS live_until
    FROM touched t
  ),
  gone AS (
    DELETE FROM entity_liveness e USING counted c WHERE c.live_until IS NULL AND e.scope = c.scope AND e.entity = c.entity
  )
  UPDATE entity_liveness e SET live_until = c.live_until FROM counted c
    WHERE c.live_until IS NOT NULL AND e.scope = c.scope AND e.entity = c.entity AND e.live_until <> c.live_until;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER value_heads_entity_liveness_insert AFTER INSERT ON value_heads
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_entity_liveness_insert();
CREATE TRIGGER value_heads_entity_liveness_update AFTER UPDATE ON value_heads
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_entity_liveness_update();
CREATE TRIGGER value_heads_entity_liveness_delete AFTER DELETE ON value_heads
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_entity_liveness_delete();

-- Backfill: the same figure, counted from every head.
INSERT INTO entity_liveness (scope, entity, live_until)
  SELECT vh.scope, vh.entity, max(stigmem_head_live_until(vh.confidence, vh.valid_until)) FROM value_heads vh GROUP BY vh.scope, vh.entity;
