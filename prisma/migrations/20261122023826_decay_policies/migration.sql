-- CreateTable
CREATE TABLE "decay_policies" (
    "id" TEXT NOT NULL,
    "relation" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "ttl_s" INTEGER,
    "half_life_s" INTEGER,
    "min_confidence" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "exempt_relations" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "decay_policies_pkey" PRIMARY KEY ("id")
);
