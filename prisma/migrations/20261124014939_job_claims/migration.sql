-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "checkpoint" JSONB,
ADD COLUMN     "claimed_by" TEXT;

-- CreateIndex
CREATE INDEX "jobs_claimable_idx" ON "jobs"("status", "heartbeat_at");
