-- AlterTable
ALTER TABLE "conflicts" ADD COLUMN     "contradiction_id" TEXT;

-- CreateTable
CREATE TABLE "contradictions" (
    "id" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "relation" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "anchor_value_hash" TEXT,
    "open_conflicts" INTEGER NOT NULL DEFAULT 0,
    "opened_at" TIMESTAMPTZ(3) NOT NULL,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by" TEXT,
    "resolution_note" TEXT,
    "resolution_basis" TEXT,
    "resolution_fact_id" TEXT,
    "winner_value_hash" TEXT,
    "decided_value_hashes" TEXT[],
    "do_not_reopen_before" TIMESTAMPTZ(3),

    CONSTRAINT "contradictions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "contradictions_triple_idx" ON "contradictions"("entity", "relation", "scope", "status");

-- CreateIndex
CREATE INDEX "contradictions_scope_status_idx" ON "contradictions"("scope", "status", "opened_at");

-- CreateIndex
CREATE INDEX "conflicts_contradiction_idx" ON "conflicts"("contradiction_id", "status", "value_b_hash");

-- At most one open contradiction per triple (written by hand: Prisma's schema language has no
-- partial index, and its diff leaves partial indexes alone).
CREATE UNIQUE INDEX "contradictions_open_triple_idx" ON "contradictions"("entity", "relation", "scope") WHERE "status" = 'open';

-- Contradictions are part of a scope's health like conflicts: writing them bumps the scope's
-- revision (see 20261124120000_scope_revisions).
CREATE TRIGGER contradictions_scope_revision_insert AFTER INSERT ON contradictions
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_bump_scope_revision();
CREATE TRIGGER contradictions_scope_revision_update AFTER UPDATE ON contradictions
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_bump_scope_revision();
CREATE TRIGGER contradictions_scope_revision_delete AFTER DELETE ON contradictions
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_bump_scope_revision();

-- The decisions whose cooldown may still run, per triple: the write path reads them for every triple
-- it touches. Partial, so contradictions closed without a decision (their one side retracted) never
-- lengthen that read however often a triple opens and closes one.
CREATE INDEX "contradictions_cooldown_idx" ON "contradictions"("entity", "relation", "scope", "do_not_reopen_before") WHERE "do_not_reopen_before" IS NOT NULL;
