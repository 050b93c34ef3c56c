// Every act the audit log records, by name (`<area>.<verb>`; a filter on `key` matches the
// family `key.*`). Routes name theirs in `audit: { action }` (lib/http/api-route.ts); the scheduler
// records its sweeps and auto-resolve runs; `access.denied` is any other route's refusal (401, 403).

export const AUDIT_ACTIONS = [
  'access.denied',
  'session.sign_in',
  'session.sign_out',
  'key.create',
  'key.revoke',
  'facts.write',
  'facts.import',
  'conflict.resolve',
  'conflict.dismiss',
  'conflict.reopen',
  'conflict.undo',
  'conflict.auto_resolve',
  'quarantine.send',
  'quarantine.admit',
  'quarantine.reject',
  'decay.sweep',
  'decay_policy.create',
  'decay_policy.replace',
  'decay_policy.delete',
  'alert.acknowledge',
  'alert.acknowledge_many',
  'alert_rule.create',
  'alert_rule.replace',
  'alert_rule.delete',
  'alert_rule.mute',
  'alert_rule.unmute',
  'webhook.create',
  'webhook.replace',
  'webhook.delete',
  'webhook.test',
  'scope_settings.update',
  'snapshot.create',
  'snapshot.delete',
  'health_run.record',
  'health_history.rebuild',
  'maintenance.run',
  'export.findings',
  'export.conflicts',
  'export.review_history',
  'export.synthesis',
  'export.audit',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The families (`key`, `conflict`, …), for the dashboard's filter. */
export const AUDIT_FAMILIES: string[] = [...new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0]))];
