-- Existing rules take the level of their kind (lib/alerts/alert-level.ts): a failed run is
-- critical; a slow run and rising false alarms are info; the others keep the column's default, warning.
UPDATE alert_rules SET level = 'critical' WHERE kind = 'run_failed';
UPDATE alert_rules SET level = 'info' WHERE kind IN ('run_slower_than', 'false_alarms');
