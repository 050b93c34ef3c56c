-- Maintained source figures (docs/decisions.md § Maintained source figures): the Sources page read the
-- whole scope per request (every fact for what each source wrote, every head for the values it holds,
-- every conflict's two facts for the contradictions it took part in). What each source wrote is now
-- kept by the facts insert trigger, the values it holds by triggers on value_heads, and each conflict
-- carries its two facts' sources.

-- AlterTable
ALTER TABLE "conflicts" ADD COLUMN     "source_a" TEXT,
ADD COLUMN     "source_b" TEXT;

-- CreateTable
CREATE TABLE "source_writes" (
    "scope" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "stripe" SMALLINT NOT NULL,
    "facts" BIGINT NOT NULL,
    "retractions" BIGINT NOT NULL,
    "first_write" TIMESTAMPTZ(3) NOT NULL,
    "last_write" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "source_writes_pkey" PRIMARY KEY ("scope","source","stripe")
);

-- CreateTable
CREATE TABLE "source_heads" (
    "scope" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "stripe" SMALLINT NOT NULL,
    "values_held" BIGINT NOT NULL,

    CONSTRAINT "source_heads_pkey" PRIMARY KEY ("scope","source","stripe")
);

-- The trigger that already adds a statement's fact rows to its scope's stripe also adds them per source,
-- on the same stripe (the transaction's). Every row a statement upserts here lies under a scope whose
-- stripe row the statement upserted just before, so two writers meet on these rows only when they
-- already wait for each other on that one: no new lock order, no new deadlock. Facts are insert-only
-- (facts_immutable), so the sums stay exact.
CREATE OR REPLACE FUNCTION stigmem_bump_scope_revision_facts() RETURNS trigger AS $$
BEGIN
  INSERT INTO scope_revisions AS r (scope, stripe, revision, changed_at, fact_rows)
    SELECT changed.scope, (txid_current() % 16)::smallint, 1, now(), count(*) FROM changed GROUP BY changed.scope ORDER BY 1
    ON CONFLICT (scope, stripe) DO UPDATE SET revision = r.revision + 1, changed_at = now(), fact_rows = r.fact_rows + excluded.fact_rows;
  INSERT INTO source_writes AS w (scope, source, stripe, facts, retractions, first_write, last_write)
    SELECT changed.scope, changed.source, (txid_current() % 16)::smallint, count(*), count(*) FILTER (WHERE changed.confidence = 0),
      min(changed.timestamp), max(changed.timestamp)
    FROM changed GROUP BY changed.scope, changed.source ORDER BY 1, 2
    ON CONFLICT (scope, source, stripe) DO UPDATE SET facts = w.facts + excluded.facts, retractions = w.retractions + excluded.retractions,
      first_write = least(w.first_write, excluded.first_write), last_write = greatest(w.last_write, excluded.last_write);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- The values a source holds: a head counts for its head fact's source while its confidence is > 0.
-- Each statement that writes value_heads adds, per (scope, source), the heads it brought in less those
-- it took out, on the transaction's stripe. These triggers fire after the statement's scope revision
-- trigger (triggers of one event fire in name order), which has taken the same stripe of the same
-- scopes: two writers meet on these rows only when they already wait for each other there.
-- One function per transition tables it has (a statement naming a table its trigger lacks fails).
CREATE FUNCTION stigmem_source_heads_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO source_heads AS h (scope, source, stripe, values_held)
    SELECT n.scope, n.head_source, (txid_current() % 16)::smallint, count(*)
    FROM changed n WHERE n.confidence > 0 GROUP BY n.scope, n.head_source ORDER BY 1, 2
    ON CONFLICT (scope, source, stripe) DO UPDATE SET values_held = h.values_held + excluded.values_held;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION stigmem_source_heads_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO source_heads AS h (scope, source, stripe, values_held)
    SELECT d.scope, d.source, (txid_current() % 16)::smallint, sum(d.n)
    FROM (
      SELECT n.scope, n.head_source AS source, 1 AS n FROM changed n WHERE n.confidence > 0
      UNION ALL
      SELECT o.scope, o.head_source, -1 FROM previous o WHERE o.confidence > 0
    ) d
    GROUP BY d.scope, d.source HAVING sum(d.n) <> 0 ORDER BY 1, 2
    ON CONFLICT (scope, source, stripe) DO UPDATE SET values_held = h.values_held + excluded.values_held;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION stigmem_source_heads_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO source_heads AS h (scope, source, stripe, values_held)
    SELECT o.scope, o.head_source, (txid_current() % 16)::smallint, -count(*)
    FROM previous o WHERE o.confidence > 0 GROUP BY o.scope, o.head_source ORDER BY 1, 2
    ON CONFLICT (scope, source, stripe) DO UPDATE SET values_held = h.values_held + excluded.values_held;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- No write may commit between the counts below and the triggers taking over (another instance of a
-- running cluster): SHARE mode lets reads on and holds writers until this migration commits.
LOCK TABLE "facts", "value_heads" IN SHARE MODE;

CREATE TRIGGER value_heads_source_heads_insert AFTER INSERT ON value_heads
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_source_heads_insert();
CREATE TRIGGER value_heads_source_heads_update AFTER UPDATE ON value_heads
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_source_heads_update();
CREATE TRIGGER value_heads_source_heads_delete AFTER DELETE ON value_heads
  REFERENCING OLD TABLE AS previous FOR EACH STATEMENT EXECUTE FUNCTION stigmem_source_heads_delete();

-- The facts already written, and the values held, on stripe 0.
INSERT INTO source_writes (scope, source, stripe, facts, retractions, first_write, last_write)
  SELECT f.scope, f.source, 0, count(*), count(*) FILTER (WHERE f.confidence = 0), min(f.timestamp), max(f.timestamp)
  FROM facts f GROUP BY f.scope, f.source;
INSERT INTO source_heads (scope, source, stripe, values_held)
  SELECT vh.scope, vh.head_source, 0, count(*) FROM value_heads vh WHERE vh.confidence > 0 GROUP BY vh.scope, vh.head_source;

-- Every conflict's sources from its facts (the write path sets them from now on: insertConflicts).
UPDATE conflicts c SET source_a = fa.source, source_b = fb.source
  FROM facts fa, facts fb WHERE fa.id = c.fact_a_id AND fb.id = c.fact_b_id;
