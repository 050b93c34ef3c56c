-- AlterTable
ALTER TABLE "alert_rules" ADD COLUMN     "level" TEXT NOT NULL DEFAULT 'warning';

-- CreateTable
CREATE TABLE "alert_mutes" (
    "id" TEXT NOT NULL,
    "rule_id" TEXT NOT NULL,
    "scope" TEXT,
    "until" TIMESTAMPTZ(3) NOT NULL,
    "reason" TEXT,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "ended_by" TEXT,

    CONSTRAINT "alert_mutes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "alert_mutes_rule_idx" ON "alert_mutes"("rule_id", "until");

-- AddForeignKey
ALTER TABLE "alert_mutes" ADD CONSTRAINT "alert_mutes_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "alert_rules"("id") ON DELETE CASCADE ON UPDATE CASCADE;
