-- CreateTable
CREATE TABLE "synthesis_snapshots" (
    "id" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "label" TEXT,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "entry_count" INTEGER NOT NULL,
    "contradiction_count" INTEGER NOT NULL,

    CONSTRAINT "synthesis_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "synthesis_snapshot_entries" (
    "snapshot_id" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "relation" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "value_hash" TEXT NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,
    "hlc" TEXT NOT NULL,
    "fact_id" TEXT NOT NULL,
    "contradicted" BOOLEAN NOT NULL,
    "alt_value" JSONB,
    "alt_confidence" DOUBLE PRECISION,
    "conflict_id" TEXT,

    CONSTRAINT "synthesis_snapshot_entries_pkey" PRIMARY KEY ("snapshot_id","entity","relation")
);

-- CreateIndex
CREATE INDEX "synthesis_snapshots_scope_created_at_idx" ON "synthesis_snapshots"("scope", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "synthesis_snapshot_entries" ADD CONSTRAINT "synthesis_snapshot_entries_snapshot_id_fkey" FOREIGN KEY ("snapshot_id") REFERENCES "synthesis_snapshots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
