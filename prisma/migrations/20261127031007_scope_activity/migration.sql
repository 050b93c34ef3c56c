-- CreateTable
CREATE TABLE "scope_activity" (
    "scope" TEXT NOT NULL,
    "revision" BIGINT NOT NULL DEFAULT 0,
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scope_activity_pkey" PRIMARY KEY ("scope")
);

-- What the dashboard shows beside the knowledge base changes through health runs, alerts, alert
-- rules and mutes: each statement that changes them bumps the scopes it touched, in its own
-- transaction (`*` for a global rule or a mute of every scope), so GET /v1/changes answers from this
-- table and scope_revisions with index reads. Statement-level, like scope_revisions: one upsert per
-- statement and scope, not one per row.
CREATE FUNCTION stigmem_bump_scope_activity(scopes TEXT[]) RETURNS void AS $$
BEGIN
  INSERT INTO scope_activity AS a (scope, revision, changed_at)
    SELECT DISTINCT s, 1, now() FROM unnest(scopes) AS s ORDER BY 1
    ON CONFLICT (scope) DO UPDATE SET revision = a.revision + 1, changed_at = now();
END;
$$ LANGUAGE plpgsql;

-- A run's heartbeat (every few seconds while it runs) changes nothing shown: only a new run, a
-- status change (running → ok or failed) and a pruned run count.
CREATE FUNCTION stigmem_health_run_activity() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM stigmem_bump_scope_activity(ARRAY(
      SELECT n.scope FROM changed n JOIN previous o ON o.id = n.id WHERE n.status IS DISTINCT FROM o.status));
  ELSE
    PERFORM stigmem_bump_scope_activity(ARRAY(SELECT scope FROM changed));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER health_runs_activity_insert AFTER INSERT ON health_runs
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_health_run_activity();
CREATE TRIGGER health_runs_activity_update AFTER UPDATE ON health_runs
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_health_run_activity();
CREATE TRIGGER health_runs_activity_delete AFTER DELETE ON health_runs
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_health_run_activity();

-- Alerts and rules carry their scope (a rule without one is global: `*`).
CREATE FUNCTION stigmem_scoped_activity() RETURNS trigger AS $$
BEGIN
  PERFORM stigmem_bump_scope_activity(ARRAY(SELECT COALESCE(scope, '*') FROM changed));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER alerts_activity_insert AFTER INSERT ON alerts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_scoped_activity();
CREATE TRIGGER alerts_activity_update AFTER UPDATE ON alerts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_scoped_activity();
CREATE TRIGGER alerts_activity_delete AFTER DELETE ON alerts
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_scoped_activity();
CREATE TRIGGER alert_rules_activity_insert AFTER INSERT ON alert_rules
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_scoped_activity();
CREATE TRIGGER alert_rules_activity_update AFTER UPDATE ON alert_rules
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_scoped_activity();
CREATE TRIGGER alert_rules_activity_delete AFTER DELETE ON alert_rules
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_scoped_activity();

-- A mute silences its scope, or every scope its rule covers (the rule's scope, or `*`). On a rule's
-- deletion its mutes go with it (cascade); the rule's own trigger has bumped that scope already.
CREATE FUNCTION stigmem_mute_activity() RETURNS trigger AS $$
BEGIN
  PERFORM stigmem_bump_scope_activity(ARRAY(
    SELECT COALESCE(m.scope, r.scope, '*') FROM changed m LEFT JOIN alert_rules r ON r.id = m.rule_id));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER alert_mutes_activity_insert AFTER INSERT ON alert_mutes
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_mute_activity();
CREATE TRIGGER alert_mutes_activity_update AFTER UPDATE ON alert_mutes
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_mute_activity();
CREATE TRIGGER alert_mutes_activity_delete AFTER DELETE ON alert_mutes
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stigmem_mute_activity();
