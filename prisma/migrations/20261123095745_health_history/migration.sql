-- AlterTable
ALTER TABLE "scope_settings" ADD COLUMN     "auto_resolve_interval_s" INTEGER,
ADD COLUMN     "decay_interval_s" INTEGER,
ADD COLUMN     "lint_interval_s" INTEGER;

-- CreateTable
CREATE TABLE "health_runs" (
    "id" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "duration_ms" INTEGER,
    "fact_count" INTEGER NOT NULL DEFAULT 0,
    "live_value_count" INTEGER NOT NULL DEFAULT 0,
    "entity_count" INTEGER NOT NULL DEFAULT 0,
    "findings" JSONB NOT NULL DEFAULT '{}',
    "score" INTEGER,
    "pending_conflicts" INTEGER NOT NULL DEFAULT 0,
    "aged_conflicts" INTEGER NOT NULL DEFAULT 0,
    "mean_pending_age_days" DOUBLE PRECISION,
    "dismissed_last_7_days" INTEGER NOT NULL DEFAULT 0,
    "dismissed_prev_7_days" INTEGER NOT NULL DEFAULT 0,
    "auto_resolved" INTEGER,
    "decay_facts_written" INTEGER,
    "fingerprints" TEXT[],
    "fixed_hashes" TEXT[],
    "new_findings" JSONB NOT NULL DEFAULT '[]',
    "new_count" INTEGER NOT NULL DEFAULT 0,
    "fixed_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "health_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "leases" (
    "name" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "leases_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "alert_rules" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "scope" TEXT,
    "check" TEXT,
    "severity" TEXT,
    "threshold" DOUBLE PRECISION NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alerts" (
    "id" TEXT NOT NULL,
    "rule_id" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "opened_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "resolved_at" TIMESTAMPTZ(3),
    "acknowledged_at" TIMESTAMPTZ(3),
    "acknowledged_by" TEXT,
    "ack_note" TEXT,
    "opened_run_id" TEXT,
    "last_run_id" TEXT,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_events" (
    "id" TEXT NOT NULL,
    "alert_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "value" DOUBLE PRECISION,
    "message" TEXT NOT NULL,
    "actor" TEXT,
    "run_id" TEXT,

    CONSTRAINT "alert_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhooks" (
    "id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "scopes" TEXT[],
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "response_code" INTEGER,
    "latency_ms" INTEGER,
    "last_error" TEXT,
    "locked_until" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "health_runs_scope_started_idx" ON "health_runs"("scope", "started_at" DESC);

-- CreateIndex
CREATE INDEX "health_runs_started_idx" ON "health_runs"("started_at");

-- CreateIndex
CREATE INDEX "alerts_status_idx" ON "alerts"("status", "opened_at" DESC);

-- CreateIndex
CREATE INDEX "alerts_rule_scope_idx" ON "alerts"("rule_id", "scope", "status");

-- CreateIndex
CREATE INDEX "alert_events_alert_idx" ON "alert_events"("alert_id", "at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries"("webhook_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "alert_rules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_fkey" FOREIGN KEY ("alert_id") REFERENCES "alerts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
