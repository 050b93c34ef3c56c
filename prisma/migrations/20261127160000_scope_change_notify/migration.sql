-- Live health (docs/decisions.md § Live updates): every transaction that moves a scope's revision
-- also signals `stigmem_scope_changed` with the scope's name. NOTIFY is delivered when the transaction
-- commits (never for one rolled back) and once per scope and transaction, whichever write path it
-- was; the app LISTENs on one connection and tells the dashboards it serves (GET /api/live).
CREATE OR REPLACE FUNCTION stigmem_bump_scope_revision() RETURNS trigger AS $$
BEGIN
  INSERT INTO scope_revisions AS r (scope, stripe, revision, changed_at)
    SELECT DISTINCT changed.scope, (txid_current() % 16)::smallint, 1, now() FROM changed ORDER BY 1
    ON CONFLICT (scope, stripe) DO UPDATE SET revision = r.revision + 1, changed_at = now();
  PERFORM pg_notify('stigmem_scope_changed', s.scope) FROM (SELECT DISTINCT changed.scope FROM changed) s;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- Health runs, alerts, alert rules and mutes (scope_activity; `*` for every scope) signal the same.
CREATE OR REPLACE FUNCTION stigmem_bump_scope_activity(scopes TEXT[]) RETURNS void AS $$
BEGIN
  INSERT INTO scope_activity AS a (scope, revision, changed_at)
    SELECT DISTINCT s, 1, now() FROM unnest(scopes) AS s ORDER BY 1
    ON CONFLICT (scope) DO UPDATE SET revision = a.revision + 1, changed_at = now();
  PERFORM pg_notify('stigmem_scope_changed', s) FROM (SELECT DISTINCT s FROM unnest(scopes) AS s) d;
END;
$$ LANGUAGE plpgsql;
