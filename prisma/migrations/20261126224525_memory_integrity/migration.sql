-- AlterTable
ALTER TABLE "scope_settings" ADD COLUMN     "forbid_personal_data" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "injection_threshold" DOUBLE PRECISION,
ADD COLUMN     "quarantine_flagged" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "value_heads" ADD COLUMN     "integrity_flags" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "integrity_score" DOUBLE PRECISION,
ADD COLUMN     "integrity_version" INTEGER,
ADD COLUMN     "quarantined" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "quarantine" (
    "fact_id" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "relation" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "value_hash" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "signals" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "score" DOUBLE PRECISION,
    "requested_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "acted_by" TEXT,
    "acted_at" TIMESTAMPTZ(3),
    "act_reason" TEXT,
    "retraction_of" TEXT,

    CONSTRAINT "quarantine_pkey" PRIMARY KEY ("fact_id")
);

-- CreateIndex
CREATE INDEX "quarantine_scope_status_idx" ON "quarantine"("scope", "status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "quarantine_value_idx" ON "quarantine"("entity", "relation", "scope", "value_hash", "status");

-- Written by hand (partial indexes; Prisma's diff leaves them alone):
-- the values a detector flagged, the rows lint's injection and sensitive checks read per scope;
CREATE INDEX "value_heads_integrity_idx" ON "value_heads"("scope", "entity") WHERE "integrity_score" > 0 OR cardinality("integrity_flags") > 0;
-- the values not inspected yet, the rows the background pass reads (empty once it has caught up).
CREATE INDEX "value_heads_integrity_pending_idx" ON "value_heads"("scope", "entity", "relation", "value_hash") WHERE "integrity_version" IS NULL;
