-- AlterTable: what a decision needs to be undone (the triple's live values just before it, and the
-- triple's newest fact right after it), and who undid it.
ALTER TABLE "contradictions" ADD COLUMN     "undo_state" JSONB,
ADD COLUMN     "undone_at" TIMESTAMPTZ(3),
ADD COLUMN     "undone_by" TEXT;
