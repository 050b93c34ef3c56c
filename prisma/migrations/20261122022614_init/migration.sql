-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "facts" (
    "id" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "relation" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "value_type" TEXT NOT NULL,
    "value_hash" TEXT NOT NULL,
    "ref_target" TEXT,
    "source" TEXT NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "hlc_wall" BIGINT NOT NULL,
    "hlc_counter" INTEGER NOT NULL,
    "valid_until" TIMESTAMPTZ(3),
    "confidence" DOUBLE PRECISION NOT NULL,
    "retracts_triple" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "facts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "value_heads" (
    "entity" TEXT NOT NULL,
    "relation" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "value_hash" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "value_type" TEXT NOT NULL,
    "ref_target" TEXT,
    "head_fact_id" TEXT NOT NULL,
    "head_hlc_wall" BIGINT NOT NULL,
    "head_hlc_counter" INTEGER NOT NULL,
    "head_confidence" DOUBLE PRECISION NOT NULL,
    "head_source" TEXT NOT NULL,
    "head_timestamp" TIMESTAMPTZ(3) NOT NULL,
    "valid_until" TIMESTAMPTZ(3),
    "triple_retracted" BOOLEAN NOT NULL DEFAULT false,
    "confidence" DOUBLE PRECISION NOT NULL,
    "base_fact_id" TEXT,
    "base_hlc_wall" BIGINT,
    "base_hlc_counter" INTEGER,
    "base_confidence" DOUBLE PRECISION,
    "base_timestamp" TIMESTAMPTZ(3),
    "base_source" TEXT,
    "first_asserted_hlc_wall" BIGINT,
    "first_asserted_hlc_counter" INTEGER,

    CONSTRAINT "value_heads_pkey" PRIMARY KEY ("entity","relation","scope","value_hash")
);

-- CreateTable
CREATE TABLE "conflicts" (
    "id" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "relation" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "fact_a_id" TEXT NOT NULL,
    "fact_b_id" TEXT NOT NULL,
    "value_a_hash" TEXT NOT NULL,
    "value_b_hash" TEXT NOT NULL,
    "pair_key" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "detected_at" TIMESTAMPTZ(3) NOT NULL,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by" TEXT,
    "resolution_note" TEXT,
    "resolution_basis" TEXT,
    "resolution_fact_id" TEXT,
    "do_not_reopen_before" TIMESTAMPTZ(3),

    CONSTRAINT "conflicts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "key_prefix" TEXT NOT NULL,
    "entity_uri" TEXT NOT NULL,
    "permissions" TEXT[],
    "allowed_scopes" TEXT[],
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "node_meta" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "node_meta_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "facts_scope_hlc_idx" ON "facts"("scope", "hlc_wall" DESC, "hlc_counter" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "facts_entity_hlc_idx" ON "facts"("entity", "hlc_wall" DESC, "hlc_counter" DESC);

-- CreateIndex
CREATE INDEX "facts_relation_hlc_idx" ON "facts"("relation", "hlc_wall" DESC, "hlc_counter" DESC);

-- CreateIndex
CREATE INDEX "facts_source_idx" ON "facts"("source");

-- CreateIndex
CREATE INDEX "facts_hlc_idx" ON "facts"("hlc_wall" DESC, "hlc_counter" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "facts_value_history_idx" ON "facts"("entity", "relation", "scope", "value_hash", "hlc_wall" DESC, "hlc_counter" DESC);

-- CreateIndex
CREATE INDEX "facts_valid_until_idx" ON "facts"("valid_until");

-- CreateIndex
CREATE INDEX "value_heads_scope_entity_idx" ON "value_heads"("scope", "entity", "relation");

-- CreateIndex
CREATE INDEX "value_heads_scope_relation_idx" ON "value_heads"("scope", "relation");

-- CreateIndex
CREATE INDEX "value_heads_scope_valid_until_idx" ON "value_heads"("scope", "valid_until");

-- CreateIndex
CREATE INDEX "value_heads_scope_ref_idx" ON "value_heads"("scope", "ref_target");

-- CreateIndex
CREATE INDEX "value_heads_head_fact_idx" ON "value_heads"("head_fact_id");

-- CreateIndex
CREATE INDEX "conflicts_pair_idx" ON "conflicts"("entity", "relation", "scope", "pair_key", "status");

-- CreateIndex
CREATE INDEX "conflicts_status_idx" ON "conflicts"("status", "detected_at" DESC);

-- CreateIndex
CREATE INDEX "conflicts_scope_status_idx" ON "conflicts"("scope", "status");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");

-- CreateIndex
CREATE INDEX "sessions_key_id_idx" ON "sessions"("key_id");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
