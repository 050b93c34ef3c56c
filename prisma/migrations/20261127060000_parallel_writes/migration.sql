-- Writers no longer queue on one database-wide lock (docs/decisions.md § Parallel writes).

-- The node's HLC clock: the last HLC issued, as wall_ms * 1000 + counter. Writers reserve a run of
-- HLCs with one autocommit UPDATE on a connection of their own (lib/facts/issue-hlcs.ts), so the row
-- is locked for that statement only, and no HLC is issued twice, by one instance or many.
CREATE TABLE "hlc_clock" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "issued" BIGINT NOT NULL,

    CONSTRAINT "hlc_clock_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "hlc_clock_one_row" CHECK ("id" = 1)
);

-- Starts past every HLC already stored (a counter above 999, an imported one, counts as 999: the
-- next HLC issued is in the following millisecond either way).
INSERT INTO "hlc_clock" ("id", "issued")
SELECT 1, coalesce(max("hlc_wall" * 1000 + least("hlc_counter", 999)), 0) FROM "facts";

-- A scope's revision is the sum of its stripes: each transaction bumps the stripe its transaction id
-- picks, so writers of one scope no longer wait on one row until the other commits.
ALTER TABLE "scope_revisions" ADD COLUMN "stripe" SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE "scope_revisions" DROP CONSTRAINT "scope_revisions_pkey";
ALTER TABLE "scope_revisions" ADD CONSTRAINT "scope_revisions_pkey" PRIMARY KEY ("scope", "stripe");

CREATE OR REPLACE FUNCTION stigmem_bump_scope_revision() RETURNS trigger AS $$
BEGIN
  INSERT INTO scope_revisions AS r (scope, stripe, revision, changed_at)
    SELECT DISTINCT changed.scope, (txid_current() % 16)::smallint, 1, now() FROM changed ORDER BY 1
    ON CONFLICT (scope, stripe) DO UPDATE SET revision = r.revision + 1, changed_at = now();
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
