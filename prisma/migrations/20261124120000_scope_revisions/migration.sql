-- CreateTable
CREATE TABLE "scope_revisions" (
    "scope" TEXT NOT NULL,
    "revision" BIGINT NOT NULL DEFAULT 0,
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scope_revisions_pkey" PRIMARY KEY ("scope")
);

-- Every statement that writes a scope's facts, value heads or conflicts bumps that scope's revision,
-- in its own transaction: a lint read in a snapshot at revision R still describes the scope while the
-- revision is R (and no value of the scope expired since, which the reader checks). Statement-level
-- triggers with transition tables: one upsert per statement and scope, not one per row, whichever
-- write path (ingest, import, resolve, decay, a future one) made the change. Writers hold the node's
-- write lock, so the scope rows are never contended; DISTINCT ... ORDER BY locks them in one order.
CREATE FUNCTION stigmem_bump_scope_revision() RETURNS trigger AS $$
BEGIN
  INSERT INTO scope_revisions AS r (scope, revision, changed_at)
    SELECT DISTINCT changed.scope, 1, now() FROM changed ORDER BY 1
    ON CONFLICT (scope) DO UPDATE SET revision = r.revision + 1, changed_at = now();
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- Facts are insert-only (facts_immutable).
CREATE TRIGGER facts_scope_revision AFTER INSERT ON facts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_bump_scope_revision();

-- A trigger with a transition table serves one event, hence three per table.
CREATE TRIGGER value_heads_scope_revision_insert AFTER INSERT ON value_heads
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_bump_scope_revision();
CREATE TRIGGER value_heads_scope_revision_update AFTER UPDATE ON value_heads
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_bump_scope_revision();
CREATE TRIGGER value_heads_scope_revision_delete AFTER DELETE ON value_heads
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_bump_scope_revision();

CREATE TRIGGER conflicts_scope_revision_insert AFTER INSERT ON conflicts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_bump_scope_revision();
CREATE TRIGGER conflicts_scope_revision_update AFTER UPDATE ON conflicts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_bump_scope_revision();
CREATE TRIGGER conflicts_scope_revision_delete AFTER DELETE ON conflicts
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_bump_scope_revision();
