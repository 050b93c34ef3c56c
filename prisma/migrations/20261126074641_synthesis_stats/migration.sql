-- CreateTable
CREATE TABLE "synthesis_stats" (
    "key" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "revision" BIGINT NOT NULL,
    "counted_at" TIMESTAMPTZ(3) NOT NULL,
    "stats" JSONB NOT NULL,

    CONSTRAINT "synthesis_stats_pkey" PRIMARY KEY ("key")
);
