-- A scope's fact rows, kept beside its revision: lint's fact_count (§14.4) for a whole scope is the
-- sum of the scope's stripes (at most 16 rows) instead of a count of every fact of the scope, so a
-- page of lint costs the page (docs/decisions.md § Paged lint). Facts are insert-only
-- (facts_immutable), so the statement trigger that already bumps the revision on every insert adds
-- the statement's rows per scope, in the same upsert: nothing more is written per statement.
ALTER TABLE "scope_revisions" ADD COLUMN "fact_rows" BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION stigmem_bump_scope_revision_facts() RETURNS trigger AS $$
BEGIN
  INSERT INTO scope_revisions AS r (scope, stripe, revision, changed_at, fact_rows)
    SELECT changed.scope, (txid_current() % 16)::smallint, 1, now(), count(*) FROM changed GROUP BY changed.scope ORDER BY 1
    ON CONFLICT (scope, stripe) DO UPDATE SET revision = r.revision + 1, changed_at = now(), fact_rows = r.fact_rows + excluded.fact_rows;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- No insert may commit between the count below and the trigger taking over (another instance of a
-- running cluster): SHARE mode lets reads on and holds writers until this migration commits.
LOCK TABLE "facts" IN SHARE MODE;

DROP TRIGGER "facts_scope_revision" ON "facts";
CREATE TRIGGER "facts_scope_revision" AFTER INSERT ON "facts"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_bump_scope_revision_facts();

-- The facts already written, on stripe 0 (a revision of 0 added: the scope's revision is unchanged).
INSERT INTO scope_revisions AS r (scope, stripe, revision, changed_at, fact_rows)
  SELECT f.scope, 0, 0, now(), count(*) FROM facts f GROUP BY f.scope
  ON CONFLICT (scope, stripe) DO UPDATE SET fact_rows = excluded.fact_rows;
