-- CreateTable
CREATE TABLE "audit_entries" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "action" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "key_id" TEXT,
    "actor" TEXT,
    "via" TEXT NOT NULL,
    "scopes" TEXT[],
    "target_id" TEXT,
    "method" TEXT,
    "path" TEXT,
    "client_address" TEXT,
    "detail" JSONB,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_entries_at_idx" ON "audit_entries"("at");

-- CreateIndex
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries"("actor", "id");

-- The audit log is append-only (Spec-09). No UPDATE and no TRUNCATE, ever; a DELETE only inside
-- the retention prune (lib/audit/prune-audit.ts), which names its cut-off for its own transaction
-- with set_config('stigmem.audit_prune_before', …, true), and even then never of an entry younger
-- than a day (the shortest retention the configuration accepts), whatever a session sets.
CREATE FUNCTION stigmem_audit_append_only() RETURNS trigger AS $$
DECLARE
  cutoff text := current_setting('stigmem.audit_prune_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND cutoff IS NOT NULL AND cutoff <> '' THEN
    IF OLD.at < cutoff::timestamptz AND OLD.at < now() - interval '1 day' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit entries are append-only: % on audit_entries is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_entries_append_only
  BEFORE UPDATE OR DELETE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION stigmem_audit_append_only();

CREATE TRIGGER audit_entries_no_truncate
  BEFORE TRUNCATE ON audit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION stigmem_audit_append_only();
