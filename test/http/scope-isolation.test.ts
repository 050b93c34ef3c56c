import { afterAll, beforeAll, expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { servesMethod } from '@/lib/http/method-not-allowed';
import { startJob } from '@/lib/jobs/start-job';
import { api, createKey, describeHttp, dispatch, request, routes, TEST_SOURCE, type TestKey, uid, uniqueEntity, wireFact } from '../harness';

// Scope isolation, exhaustively (docs/semantics.md § Access model): every route and every MCP tool
// is called about data of the scope `team` — its facts and conflicts, and its keys, webhooks, decay
// policies and alert rules — and about the node's global objects (a policy for `*`, a webhook and a
// rule of every scope, maintenance), by three keys outside it: one limited to `company` (read and
// write), an admin limited to `company`, and an admin of no scope; and every write with a
// read-only key of `team` itself. Targeted calls answer 403 or 404; listings answer without a
// trace of `team` or of the global webhook. The table must name every route and method the app
// has: a new route fails this test until its isolation is stated here. (The pages: e2e/ui/admin-scope-isolation.spec.ts.)

type Expect = 'deny' | 'hide' | 'allow';
interface Case {
  method: string;
  pattern: string;
  path: () => string;
  body?: () => unknown;
  /** For the key limited to company: 403/404 (deny), 200 without team data (hide). */
  outsider: Expect;
  /** For the admins limited to company and to no scope, where it differs from the outsider's (admin-only listings). */
  admin?: Expect;
  /** For the read-only key of team (writes only): deny. Reads are allowed, so not checked. */
  reader?: Expect;
}

/**
 * Routes outside the model: public (node info, the API description, health check, posture check), the exchange of a key for a session,
 * MCP's transport verbs (its tools are checked below), the JSON 404 for unknown /v1 paths.
 */
const EXEMPT = new Set([
  'GET /.well-known/stigmem', 'GET /v1/openapi.json', 'GET /healthz', 'GET /v1/doctor', 'POST /api/session', 'DELETE /api/session', 'GET /mcp', 'DELETE /mcp', 'POST /mcp',
  ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => `${m} /v1/[...path]`),
]);

let outsider: TestKey;
let companyAdmin: TestKey;
let noScopeAdmin: TestKey;
let reader: TestKey;
/** Team's administration and the node's global objects, each marked with `team.token` where a listing must hide it. */
const owned = { teamKey: '', teamHook: '', globalHook: '', teamPolicy: '', globalPolicy: '', teamRule: '', globalRule: '' };
const team = {
  /** In the ids, names, URLs and descriptions of team's keys, webhooks, policies and rules, and of the global webhook. */
  token: '',
  entity: '',
  factId: '',
  conflictId: '',
  lintJob: '',
  decayJob: '',
  historyJob: '',
  snapshot: '',
  run: '',
  alert: '',
  /** An entity with one uncontested team value; also the snapshot's label and the alert's message. */
  marker: '',
  /** A team fact waiting in quarantine. */
  quarantined: '',
  /** An entity whose one ref value, in team, names the marker. */
  referrer: '',
};

const teamFact = () => wireFact(uniqueEntity('iso-write'), 'x', { scope: 'team' });

const CASES: Case[] = [
  // Facts
  { method: 'POST', pattern: '/v1/facts', path: () => '/v1/facts', body: teamFact, outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/v1/facts', path: () => `/v1/facts?scope=team`, outsider: 'deny' },
  { method: 'GET', pattern: '/v1/facts', path: () => `/v1/facts?entity=${encodeURIComponent(team.marker)}`, outsider: 'hide' },
  { method: 'GET', pattern: '/v1/facts/[id]', path: () => `/v1/facts/${team.factId}`, outsider: 'deny' },
  { method: 'GET', pattern: '/v1/facts/[id]/provenance', path: () => `/v1/facts/${team.factId}/provenance`, outsider: 'deny' },
  { method: 'POST', pattern: '/v1/facts/import', path: () => '/v1/facts/import', body: () => ({ facts: [teamFact()] }), outsider: 'deny', reader: 'deny' },
  // Conflicts
  { method: 'GET', pattern: '/v1/conflicts', path: () => '/v1/conflicts?scope=team', outsider: 'deny' },
  { method: 'GET', pattern: '/v1/conflicts', path: () => `/v1/conflicts?entity=${encodeURIComponent(team.entity)}`, outsider: 'hide' },
  { method: 'GET', pattern: '/v1/conflicts/[id]', path: () => `/v1/conflicts/${encodeURIComponent(team.conflictId)}`, outsider: 'deny' },
  { method: 'POST', pattern: '/v1/conflicts/[id]/resolve', path: () => `/v1/conflicts/${encodeURIComponent(team.conflictId)}/resolve`, body: () => ({ winning_fact_id: team.factId }), outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/conflicts/[id]/dismiss', path: () => `/v1/conflicts/${encodeURIComponent(team.conflictId)}/dismiss`, body: () => ({}), outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/conflicts/[id]/undo', path: () => `/v1/conflicts/${encodeURIComponent(team.conflictId)}/undo`, body: () => ({}), outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/conflicts/[id]/reopen', path: () => `/v1/conflicts/${encodeURIComponent(team.conflictId)}/reopen`, body: () => ({}), outsider: 'deny', reader: 'deny' },
  // A dry run is a preview, a read; applying is a write.
  { method: 'POST', pattern: '/v1/conflicts/auto-resolve', path: () => '/v1/conflicts/auto-resolve', body: () => ({ scope: 'team', dry_run: true }), outsider: 'deny' },
  { method: 'POST', pattern: '/v1/conflicts/auto-resolve', path: () => '/v1/conflicts/auto-resolve', body: () => ({ scope: 'team' }), outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/v1/conflicts/history', path: () => '/v1/conflicts/history?scope=team', outsider: 'deny' },
  { method: 'GET', pattern: '/v1/conflicts/history', path: () => '/v1/conflicts/history', outsider: 'hide' },
  { method: 'GET', pattern: '/v1/divergence', path: () => `/v1/divergence?entity=${encodeURIComponent(team.entity)}`, outsider: 'hide' },
  // Recall, memory cards, the caller, federation
  { method: 'POST', pattern: '/v1/recall', path: () => '/v1/recall', body: () => ({ query: 'red', scope: 'team' }), outsider: 'deny' },
  { method: 'GET', pattern: '/v1/cards/[...entity]', path: () => `/v1/cards/${encodeURIComponent(team.marker)}?scope=team`, outsider: 'deny' },
  { method: 'GET', pattern: '/v1/cards/[...entity]', path: () => `/v1/cards/${team.marker}?scope=company`, outsider: 'deny' },
  { method: 'GET', pattern: '/v1/graph/neighbors', path: () => `/v1/graph/neighbors?entity=${encodeURIComponent(team.referrer)}&scope=team`, outsider: 'deny' },
  { method: 'GET', pattern: '/v1/graph/neighbors', path: () => `/v1/graph/neighbors?entity=${encodeURIComponent(team.referrer)}&depth=3`, outsider: 'hide' },
  { method: 'GET', pattern: '/v1/me', path: () => '/v1/me', outsider: 'allow' },
  { method: 'GET', pattern: '/v1/federation/peers', path: () => '/v1/federation/peers', outsider: 'allow' },
  // Context, lint, decay, synthesis
  { method: 'POST', pattern: '/v1/context', path: () => '/v1/context', body: () => ({ scope: 'team' }), outsider: 'deny' },
  { method: 'POST', pattern: '/v1/lint', path: () => '/v1/lint', body: () => ({ scope: 'team' }), outsider: 'deny' },
  { method: 'GET', pattern: '/v1/lint/jobs/[id]', path: () => `/v1/lint/jobs/${team.lintJob}`, outsider: 'deny' },
  { method: 'GET', pattern: '/api/lint-jobs/[id]/findings', path: () => `/api/lint-jobs/${team.lintJob}/findings`, outsider: 'deny' },
  { method: 'GET', pattern: '/api/scopes/[scope]/findings', path: () => '/api/scopes/team/findings', outsider: 'deny' },
  { method: 'GET', pattern: '/api/scopes/[scope]/lint-preview', path: () => '/api/scopes/team/lint-preview', outsider: 'deny' },
  { method: 'POST', pattern: '/v1/decay/sweep', path: () => '/v1/decay/sweep', body: () => ({ scope: 'team', dry_run: true }), outsider: 'deny' },
  { method: 'POST', pattern: '/v1/decay/sweep', path: () => '/v1/decay/sweep', body: () => ({ scope: 'team' }), outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/v1/decay/jobs/[id]', path: () => `/v1/decay/jobs/${team.decayJob}`, outsider: 'deny' },
  // Policies: a reader sees those of its scopes and those for `*`; changing one needs admin on its
  // scope, and one for `*` an admin of every scope.
  { method: 'GET', pattern: '/v1/decay/policies', path: () => '/v1/decay/policies', outsider: 'hide' },
  { method: 'GET', pattern: '/v1/decay/policies/[id]', path: () => `/v1/decay/policies/${owned.teamPolicy}`, outsider: 'deny' },
  { method: 'POST', pattern: '/v1/decay/policies', path: () => '/v1/decay/policies', body: () => ({ id: 'iso', relation: '*', scope: 'team', mode: 'retract', ttl_s: 5 }), outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/decay/policies', path: () => '/v1/decay/policies', body: () => ({ id: 'iso-all', relation: '*', scope: '*', mode: 'retract', ttl_s: 5 }), outsider: 'deny', reader: 'deny' },
  { method: 'PUT', pattern: '/v1/decay/policies/[id]', path: () => `/v1/decay/policies/${owned.teamPolicy}`, body: () => ({ relation: '*', scope: 'company', mode: 'retract', ttl_s: 5 }), outsider: 'deny', reader: 'deny' },
  { method: 'PUT', pattern: '/v1/decay/policies/[id]', path: () => `/v1/decay/policies/${owned.globalPolicy}`, body: () => ({ relation: '*', scope: 'company', mode: 'retract', ttl_s: 5 }), outsider: 'deny', reader: 'deny' },
  { method: 'DELETE', pattern: '/v1/decay/policies/[id]', path: () => `/v1/decay/policies/${owned.teamPolicy}`, outsider: 'deny', reader: 'deny' },
  { method: 'DELETE', pattern: '/v1/decay/policies/[id]', path: () => `/v1/decay/policies/${owned.globalPolicy}`, outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/synthesis', path: () => '/v1/synthesis', body: () => ({ scope: 'team' }), outsider: 'deny' },
  { method: 'GET', pattern: '/v1/scopes/[scope]/synthesize', path: () => '/v1/scopes/team/synthesize', outsider: 'deny' },
  { method: 'POST', pattern: '/v1/synthesis/snapshots', path: () => '/v1/synthesis/snapshots', body: () => ({ scope: 'team' }), outsider: 'deny' },
  { method: 'GET', pattern: '/v1/synthesis/snapshots', path: () => '/v1/synthesis/snapshots?scope=team', outsider: 'deny' },
  { method: 'GET', pattern: '/v1/synthesis/snapshots', path: () => '/v1/synthesis/snapshots', outsider: 'hide' },
  { method: 'GET', pattern: '/v1/synthesis/snapshots/[id]', path: () => `/v1/synthesis/snapshots/${team.snapshot}`, outsider: 'deny' },
  { method: 'DELETE', pattern: '/v1/synthesis/snapshots/[id]', path: () => `/v1/synthesis/snapshots/${team.snapshot}`, outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/v1/synthesis/snapshots/diff', path: () => `/v1/synthesis/snapshots/diff?from=${team.snapshot}&to=${team.snapshot}`, outsider: 'deny' },
  // Scope settings, health history, alerts
  { method: 'GET', pattern: '/v1/scopes/[scope]/settings', path: () => '/v1/scopes/team/settings', outsider: 'deny' },
  { method: 'PUT', pattern: '/v1/scopes/[scope]/settings', path: () => '/v1/scopes/team/settings', body: () => ({}), outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/v1/health/runs', path: () => '/v1/health/runs?scope=team', outsider: 'deny' },
  { method: 'GET', pattern: '/v1/health/runs', path: () => '/v1/health/runs', outsider: 'hide' },
  { method: 'POST', pattern: '/v1/health/runs', path: () => '/v1/health/runs', body: () => ({ scope: 'team' }), outsider: 'deny' },
  { method: 'GET', pattern: '/v1/health/runs/[id]', path: () => `/v1/health/runs/${team.run}`, outsider: 'deny' },
  { method: 'GET', pattern: '/v1/health/summary', path: () => '/v1/health/summary?scope=team', outsider: 'deny' },
  // A rebuild needs an admin of the scope; its job is read like any job of that scope.
  {
    method: 'POST',
    pattern: '/v1/health/history/rebuild',
    path: () => '/v1/health/history/rebuild',
    body: () => ({ scope: 'team', from: new Date(Date.now() - 3 * 86_400_000).toISOString(), to: new Date(Date.now() - 86_400_000).toISOString() }),
    outsider: 'deny',
    reader: 'deny',
  },
  { method: 'GET', pattern: '/v1/health/history/jobs/[id]', path: () => `/v1/health/history/jobs/${team.historyJob}`, outsider: 'deny' },
  { method: 'GET', pattern: '/api/health', path: () => '/api/health?scope=team', outsider: 'hide' },
  // What changed, for live pages: only the scopes the key reads are named or counted.
  { method: 'GET', pattern: '/v1/changes', path: () => '/v1/changes?scope=team', outsider: 'deny' },
  { method: 'GET', pattern: '/v1/changes', path: () => '/v1/changes', outsider: 'hide' },
  { method: 'GET', pattern: '/v1/alerts', path: () => '/v1/alerts?scope=team', outsider: 'deny' },
  { method: 'GET', pattern: '/v1/alerts', path: () => '/v1/alerts', outsider: 'hide' },
  { method: 'POST', pattern: '/v1/alerts/[id]/acknowledge', path: () => `/v1/alerts/${team.alert}/acknowledge`, body: () => ({}), outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/v1/alerts', path: () => '/v1/alerts?group=rule_scope', outsider: 'hide' },
  { method: 'POST', pattern: '/v1/alerts/acknowledge', path: () => '/v1/alerts/acknowledge', body: () => ({ ids: [team.alert] }), outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/alerts/acknowledge', path: () => '/v1/alerts/acknowledge', body: () => ({ rule_id: owned.globalRule, scope: 'team' }), outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/alerts/rules/[id]/mute', path: () => `/v1/alerts/rules/${owned.teamRule}/mute`, body: () => ({ until: new Date(Date.now() + 3600_000).toISOString() }), outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/alerts/rules/[id]/mute', path: () => `/v1/alerts/rules/${owned.globalRule}/mute`, body: () => ({ until: new Date(Date.now() + 3600_000).toISOString() }), outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/alerts/rules/[id]/mute', path: () => `/v1/alerts/rules/${owned.globalRule}/mute`, body: () => ({ scope: 'team', until: new Date(Date.now() + 3600_000).toISOString() }), outsider: 'deny', reader: 'deny' },
  { method: 'DELETE', pattern: '/v1/alerts/rules/[id]/mute', path: () => `/v1/alerts/rules/${owned.teamRule}/mute`, outsider: 'deny', reader: 'deny' },
  { method: 'DELETE', pattern: '/v1/alerts/rules/[id]/mute', path: () => `/v1/alerts/rules/${owned.globalRule}/mute?scope=team`, outsider: 'deny', reader: 'deny' },
  // Rules: a reader sees those of its scopes and those of every scope; a rule of every scope is global.
  { method: 'GET', pattern: '/v1/alerts/rules', path: () => '/v1/alerts/rules', outsider: 'hide' },
  { method: 'POST', pattern: '/v1/alerts/rules', path: () => '/v1/alerts/rules', body: () => ({ name: 'iso', kind: 'score_below', scope: 'team', threshold: 50 }), outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/alerts/rules', path: () => '/v1/alerts/rules', body: () => ({ name: 'iso', kind: 'score_below', threshold: 50 }), outsider: 'deny', reader: 'deny' },
  { method: 'PUT', pattern: '/v1/alerts/rules/[id]', path: () => `/v1/alerts/rules/${owned.teamRule}`, body: () => ({ name: 'iso', kind: 'score_below', scope: 'company', threshold: 50 }), outsider: 'deny', reader: 'deny' },
  { method: 'PUT', pattern: '/v1/alerts/rules/[id]', path: () => `/v1/alerts/rules/${owned.globalRule}`, body: () => ({ name: 'iso', kind: 'score_below', scope: 'company', threshold: 50 }), outsider: 'deny', reader: 'deny' },
  { method: 'DELETE', pattern: '/v1/alerts/rules/[id]', path: () => `/v1/alerts/rules/${owned.teamRule}`, outsider: 'deny', reader: 'deny' },
  { method: 'DELETE', pattern: '/v1/alerts/rules/[id]', path: () => `/v1/alerts/rules/${owned.globalRule}`, outsider: 'deny', reader: 'deny' },
  // The dashboard's exports: the page's data, with the page's checks.
  { method: 'GET', pattern: '/api/scopes/[scope]/findings/export', path: () => '/api/scopes/team/findings/export?format=json', outsider: 'deny' },
  { method: 'GET', pattern: '/api/synthesis/export', path: () => '/api/synthesis/export?scope=team&format=json', outsider: 'deny' },
  { method: 'GET', pattern: '/api/synthesis/stats', path: () => '/api/synthesis/stats?scope=team', outsider: 'deny' },
  // The stream never ends when allowed: its listing form (only the key's scopes) is tested in live.test.ts.
  { method: 'GET', pattern: '/api/live', path: () => '/api/live?scope=team', outsider: 'deny' },
  { method: 'POST', pattern: '/api/synthesis/entries', path: () => '/api/synthesis/entries', body: () => ({ scope: 'team', limit: 10 }), outsider: 'deny' },
  { method: 'GET', pattern: '/api/conflicts/export', path: () => '/api/conflicts/export?scope=team&status=all&format=json', outsider: 'hide' },
  // Counts per day over the caller's readable scopes: no entity or scope in a row to look for.
  { method: 'GET', pattern: '/api/conflicts/history/export', path: () => '/api/conflicts/history/export?scope=team&format=json', outsider: 'allow' },
  // Admin only: keys and webhooks within the admin's scopes (a webhook of no scope is global), the
  // node's own tables (maintenance, replicas, instances) need an admin of every scope; metrics show only readable scopes.
  { method: 'GET', pattern: '/v1/auth/keys', path: () => '/v1/auth/keys', outsider: 'deny', admin: 'hide', reader: 'deny' },
  { method: 'POST', pattern: '/v1/auth/keys', path: () => '/v1/auth/keys', body: () => ({ entity_uri: 'stigmem://x/y', permissions: ['admin'], allowed_scopes: ['team'] }), outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/auth/keys', path: () => '/v1/auth/keys', body: () => ({ entity_uri: 'stigmem://x/y', permissions: ['admin'], allowed_scopes: ['local', 'team', 'company', 'public'] }), outsider: 'deny', reader: 'deny' },
  { method: 'DELETE', pattern: '/v1/auth/keys/[id]', path: () => `/v1/auth/keys/${owned.teamKey}`, outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/v1/auth/keys/expiring-soon', path: () => '/v1/auth/keys/expiring-soon?within_days=365', outsider: 'deny', admin: 'hide', reader: 'deny' },
  { method: 'GET', pattern: '/v1/webhooks', path: () => '/v1/webhooks', outsider: 'deny', admin: 'hide', reader: 'deny' },
  { method: 'POST', pattern: '/v1/webhooks', path: () => '/v1/webhooks', body: () => ({ url: 'http://127.0.0.1:9/x', secret: 'a-secret-of-16-chars-or-more', scopes: ['team'] }), outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/webhooks', path: () => '/v1/webhooks', body: () => ({ url: 'http://127.0.0.1:9/x', secret: 'a-secret-of-16-chars-or-more' }), outsider: 'deny', reader: 'deny' },
  { method: 'PUT', pattern: '/v1/webhooks/[id]', path: () => `/v1/webhooks/${owned.teamHook}`, body: () => ({ url: 'http://127.0.0.1:9/x', secret: 'a-secret-of-16-chars-or-more', scopes: ['company'] }), outsider: 'deny', reader: 'deny' },
  { method: 'PUT', pattern: '/v1/webhooks/[id]', path: () => `/v1/webhooks/${owned.globalHook}`, body: () => ({ url: 'http://127.0.0.1:9/x', secret: 'a-secret-of-16-chars-or-more', scopes: ['company'] }), outsider: 'deny', reader: 'deny' },
  { method: 'DELETE', pattern: '/v1/webhooks/[id]', path: () => `/v1/webhooks/${owned.teamHook}`, outsider: 'deny', reader: 'deny' },
  { method: 'DELETE', pattern: '/v1/webhooks/[id]', path: () => `/v1/webhooks/${owned.globalHook}`, outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/webhooks/[id]/test', path: () => `/v1/webhooks/${owned.teamHook}/test`, body: () => ({}), outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/v1/webhooks/[id]/deliveries', path: () => `/v1/webhooks/${owned.teamHook}/deliveries`, outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/v1/admin/cluster', path: () => '/v1/admin/cluster', outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/v1/admin/maintenance', path: () => '/v1/admin/maintenance', outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/admin/maintenance', path: () => '/v1/admin/maintenance', body: () => ({}), outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/v1/admin/replicas', path: () => '/v1/admin/replicas', outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/metrics', path: () => '/metrics', outsider: 'hide' },
  // Quarantine (Spec-08): moderating is the admin permission on the fact's scope; the list shows the scopes a key administers.
  { method: 'GET', pattern: '/v1/quarantine', path: () => '/v1/quarantine?scope=team', outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/v1/quarantine', path: () => '/v1/quarantine?limit=1000', outsider: 'deny', admin: 'hide', reader: 'deny' },
  { method: 'POST', pattern: '/v1/quarantine', path: () => '/v1/quarantine', body: () => ({ fact_id: team.factId, reason: 'isolation' }), outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/quarantine/[fact_id]/admit', path: () => `/v1/quarantine/${team.quarantined}/admit`, body: () => ({}), outsider: 'deny', reader: 'deny' },
  { method: 'POST', pattern: '/v1/quarantine/[fact_id]/reject', path: () => `/v1/quarantine/${team.quarantined}/reject`, body: () => ({}), outsider: 'deny', reader: 'deny' },
  // Sources: a scope's evidence per source, read permission on it.
  { method: 'GET', pattern: '/v1/sources', path: () => '/v1/sources?scope=team', outsider: 'deny' },
  { method: 'GET', pattern: '/v1/sources/[source]', path: () => `/v1/sources/${encodeURIComponent(TEST_SOURCE)}?scope=team`, outsider: 'deny' },
  // The audit log: an admin sees the entries of the scopes it administers, node-wide ones only with every scope.
  { method: 'GET', pattern: '/v1/audit', path: () => '/v1/audit?scope=team', outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/v1/audit', path: () => '/v1/audit?limit=500', outsider: 'deny', admin: 'hide', reader: 'deny' },
  { method: 'GET', pattern: '/v1/audit/export', path: () => '/v1/audit/export?scope=team&format=json', outsider: 'deny', reader: 'deny' },
  { method: 'GET', pattern: '/v1/audit/export', path: () => '/v1/audit/export?format=json', outsider: 'deny', admin: 'hide', reader: 'deny' },
];

/** MCP tools called about team data with the outsider's key; each must answer an error result. */
const TOOL_CALLS: Record<string, () => Record<string, unknown>> = {
  lint_scope: () => ({ scope: 'team' }),
  decay_scope: () => ({ scope: 'team', mode: 'dry_run' }),
  synthesize_scope: () => ({ scope: 'team' }),
  resolve_contradiction: () => ({ conflict_id: team.conflictId, winning_fact_id: team.factId }),
  assert_fact: () => ({ entity: uniqueEntity('iso-mcp'), relation: 'memory:status', value: { type: 'string', v: 'x' }, source: 'stigmem://test/agent', scope: 'team' }),
  query_facts: () => ({ scope: 'team' }),
  list_conflicts: () => ({ scope: 'team' }),
  get_context: () => ({ scope: 'team' }),
  health_history: () => ({ scope: 'team' }),
  recall: () => ({ query: 'red', scope: 'team' }),
};

/** Whether an answer shows anything of team: its data, its administration, or the global webhook. */
function showsTeam(text: string): boolean {
  return (
    text.includes(team.marker) || text.includes(team.entity) || text.includes(team.token) ||
    /scope="team"|"scope":"team"|"(allowed_)?scopes":\[[^\]]*"team"/.test(text)
  );
}

async function call(key: TestKey, c: Case) {
  const path = c.path();
  const body = c.body?.();
  // Bypasses the harness's 5xx guard only to report the route in the message.
  const res = await request(c.method, path, body, { key: key.key });
  return { res, label: `${c.method} ${path}` };
}

/** Team's key, webhook, policy and rule, and the node's global webhook, policy and rule (with the bootstrap admin). */
async function createOwned(): Promise<void> {
  const idOf = (res: { status: number; body: unknown }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body as { id: string }).id;
  };
  // With an expiry, so the listing of keys expiring soon has it to hide.
  const expires_at = new Date(Date.now() + 300 * 86_400_000).toISOString();
  owned.teamKey = idOf(await api.post('/v1/auth/keys', { entity_uri: `stigmem://test/${team.token}`, permissions: ['read'], allowed_scopes: ['team'], description: team.token, expires_at }));
  const hook = (path: string, scopes: string[]) => api.post('/v1/webhooks', { url: `http://127.0.0.1:9/${path}`, secret: 'a-secret-of-16-chars-or-more', scopes });
  owned.teamHook = idOf(await hook(`team-${team.token}`, ['team']));
  owned.globalHook = idOf(await hook(`every-scope-${team.token}`, []));
  owned.teamPolicy = idOf(await api.post('/v1/decay/policies', { id: `team-${team.token}`, relation: 'iso:*', scope: 'team', mode: 'retract', ttl_s: 999_999_999 }));
  // Global policies and rules are every reader's to see: their names carry no token.
  owned.globalPolicy = idOf(await api.post('/v1/decay/policies', { id: `every-scope-${uid()}`, relation: 'iso:*', scope: '*', mode: 'retract', ttl_s: 999_999_999 }));
  owned.teamRule = idOf(await api.post('/v1/alerts/rules', { name: `team ${team.token}`, kind: 'score_below', scope: 'team', threshold: 0 }));
  owned.globalRule = idOf(await api.post('/v1/alerts/rules', { name: `every scope ${uid()}`, kind: 'score_below', threshold: 0 }));
}

describeHttp('scope isolation over every route and tool', () => {
  // On the shared PostgreSQL database other files count deliveries and run rules: leave no webhook,
  // policy or rule behind (the global webhook would receive every scope's alerts).
  afterAll(async () => {
    for (const id of [owned.teamHook, owned.globalHook]) if (id) await api.delete(`/v1/webhooks/${id}`);
    for (const id of [owned.teamPolicy, owned.globalPolicy]) if (id) await api.delete(`/v1/decay/policies/${id}`);
    for (const id of [owned.teamRule, owned.globalRule]) if (id) await api.delete(`/v1/alerts/rules/${id}`);
  });

  beforeAll(async () => {
    outsider = await createKey(['read', 'write'], ['company'], 'outsider');
    companyAdmin = await createKey(['admin'], ['company'], 'company-admin');
    noScopeAdmin = await createKey(['admin'], [], 'no-scope-admin');
    reader = await createKey(['read'], ['team'], 'team-reader');
    team.token = `iso-${uid()}`;
    await createOwned();
    team.entity = uniqueEntity('iso-team');
    // A second, uncontested entity: listings leave contradicted values out by default.
    team.marker = uniqueEntity('iso-marker');
    await api.post('/v1/facts', wireFact(team.marker, 'plain', { scope: 'team' }));
    team.referrer = uniqueEntity('iso-referrer');
    await api.post('/v1/facts', wireFact(team.referrer, { type: 'ref', v: team.marker } as never, { relation: 'memory:points_to', scope: 'team' }));
    const red = await api.post('/v1/facts', wireFact(team.entity, 'red', { scope: 'team' }));
    await api.post('/v1/facts', wireFact(team.entity, 'blue', { scope: 'team' }));
    team.factId = (red.body as { id: string }).id;
    // The same pair in company with another value: a divergence only a reader of both scopes sees.
    await api.post('/v1/facts', wireFact(team.entity, 'green', { scope: 'company' }));
    const held = await api.post('/v1/facts', wireFact(uniqueEntity(`iso-held-${team.token}`), 'held', { scope: 'team' }));
    team.quarantined = (held.body as { id: string }).id;
    expect((await api.post('/v1/quarantine', { fact_id: team.quarantined, reason: team.token })).status).toBe(201);
    const listed = await api.get('/v1/conflicts', { query: { entity: team.entity, scope: 'team' } });
    team.conflictId = (listed.body as { conflicts: { conflict_id: string }[] }).conflicts[0].conflict_id;
    const admin = { keyId: null, entityUri: 'stigmem://local/admin', permissions: ['admin' as const], allowedScopes: ['team' as const], via: 'open' as const };
    team.lintJob = (await startJob({ kind: 'lint', pagedKey: 'findings', run: async () => ({ findings: [] }) }, 'team', admin, { scope: 'team' }, 1)).job_id;
    team.decayJob = (await startJob({ kind: 'decay', run: async () => ({ scope: 'team' }) }, 'team', admin, { scope: 'team' }, 1)).job_id;
    team.historyJob = (await startJob({ kind: 'history', run: async () => ({ scope: 'team' }) }, 'team', admin, { scope: 'team' }, 1)).job_id;
    team.snapshot = ((await api.post('/v1/synthesis/snapshots', { scope: 'team', label: team.marker })).body as { id: string }).id;
    const run = await api.post('/v1/health/runs', { scope: 'team' });
    team.run = (run.body as { id: string }).id;
    const db = await getDb();
    const rule = await db.alertRule.findFirstOrThrow();
    team.alert = `iso-alert-${Date.now()}`;
    await db.alert.create({
      data: { id: team.alert, ruleId: rule.id, scope: 'team', status: 'open', message: team.marker, value: 1, threshold: 0, openedAt: new Date(), updatedAt: new Date() },
    });
  });

  it('names every route and method the app serves', async () => {
    const covered = new Set([...CASES.map((c) => `${c.method} ${c.pattern}`), ...EXEMPT]);
    const missing: string[] = [];
    for (const route of routes()) {
      const module = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        if (servesMethod(module[method]) && !covered.has(`${method} ${route.pattern}`)) missing.push(`${method} ${route.pattern}`);
      }
    }
    expect(missing, 'routes without an isolation case').toEqual([]);
  });

  async function expectIsolated(key: TestKey, expectation: (c: Case) => Expect, who: string) {
    for (const c of CASES) {
      const { res, label } = await call(key, c);
      const expected = expectation(c);
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      if (expected === 'deny') expect([403, 404], `${who}: ${label} → ${res.status} ${text.slice(0, 200)}`).toContain(res.status);
      if (expected === 'hide') {
        expect(res.status, `${who}: ${label} ${text.slice(0, 200)}`).toBe(200);
        expect(showsTeam(text), `${who}: ${label} shows team data`).toBe(false);
      }
      if (expected === 'allow') expect(res.status, `${who}: ${label}`).toBe(200);
    }
  }

  it('a key limited to another scope is refused, or sees nothing, on every route', async () => {
    await expectIsolated(outsider, (c) => c.outsider, 'company read/write key');
    // The caller's own description names only its own scope.
    expect((await request('GET', '/v1/me', undefined, { key: outsider.key })).body).toMatchObject({ allowed_scopes: ['company'], permissions: ['read', 'write'] });
  });

  it('an admin limited to another scope is refused, or sees nothing, on every route', async () => {
    await expectIsolated(companyAdmin, (c) => c.admin ?? c.outsider, 'company admin');
  });

  it('an admin of no scope manages nothing scoped and nothing global, on every route', async () => {
    await expectIsolated(noScopeAdmin, (c) => c.admin ?? c.outsider, 'admin of no scope');
  });

  it('each listing checked for hiding does show team data to the admin of every scope (so the checks above can fail)', async () => {
    for (const c of CASES.filter((c) => (c.admin ?? c.outsider) === 'hide')) {
      const res = await api.get(c.path());
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      expect(showsTeam(text), `${c.method} ${c.path()} as the bootstrap admin`).toBe(true);
    }
  });

  it('nothing above changed team’s administration or the global objects', async () => {
    const keys = (await api.get('/v1/auth/keys')).body as { id: string }[];
    expect(keys.map((k) => k.id)).toContain(owned.teamKey);
    const hooks = ((await api.get('/v1/webhooks')).body as { webhooks: { id: string; url: string; scopes: string[] }[] }).webhooks;
    expect(hooks.find((h) => h.id === owned.teamHook)).toMatchObject({ url: `http://127.0.0.1:9/team-${team.token}`, scopes: ['team'] });
    expect(hooks.find((h) => h.id === owned.globalHook)).toMatchObject({ scopes: [] });
    expect((await api.get(`/v1/decay/policies/${owned.teamPolicy}`)).body).toMatchObject({ scope: 'team', relation: 'iso:*' });
    expect((await api.get(`/v1/decay/policies/${owned.globalPolicy}`)).body).toMatchObject({ scope: '*' });
    const rules = ((await api.get('/v1/alerts/rules')).body as { rules: { id: string; scope: string | null }[] }).rules;
    expect(rules.find((r) => r.id === owned.teamRule)).toMatchObject({ scope: 'team' });
    expect(rules.find((r) => r.id === owned.globalRule)).toMatchObject({ scope: null });
    // None of the three keys created anything: no key, webhook, policy or rule of theirs exists.
    const creators = [outsider, companyAdmin, noScopeAdmin].map((k) => k.entityUri);
    expect(hooks.filter((h) => h.url.endsWith('/x'))).toEqual([]);
    expect(rules.filter((r) => r.id !== owned.teamRule && r.id !== owned.globalRule && creators.includes((r as unknown as { created_by: string }).created_by))).toEqual([]);
  });

  it('a read-only key of the scope itself cannot write through any route', async () => {
    for (const c of CASES.filter((c) => c.reader === 'deny')) {
      const { res, label } = await call(reader, c);
      expect([403, 404], `${label} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toContain(res.status);
    }
    // Nothing above changed team's conflict, its alert or its rules' mutes.
    expect((await api.get(`/v1/conflicts/${encodeURIComponent(team.conflictId)}`)).body).toMatchObject({ status: 'unresolved' });
    const db = await getDb();
    expect(await db.alert.findUniqueOrThrow({ where: { id: team.alert } })).toMatchObject({ status: 'open' });
    expect(await db.alertMute.count({ where: { ruleId: { in: [owned.teamRule, owned.globalRule] } } })).toBe(0);
  });

  it('a batch that mixes an allowed scope with a forbidden one writes nothing', async () => {
    const allowed = wireFact(uniqueEntity('iso-mixed'), 'ok', { scope: 'company' });
    const res = await request('POST', '/v1/facts', { facts: [allowed, teamFact()] }, { key: outsider.key });
    expect(res.status).toBe(403);
    expect((await api.get('/v1/facts', { query: { entity: allowed.entity } })).body).toMatchObject({ facts: [] });
  });

  it.each([
    ['the outsider', () => outsider],
    ['the company admin', () => companyAdmin],
    ['the admin of no scope', () => noScopeAdmin],
  ])('every MCP tool refuses team data to %s', async (_who, keyOf) => {
    const key = keyOf();
    const listed = await dispatch('POST', '/mcp', {
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const tools = ((await listed.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
    expect(tools.filter((t) => !(t in TOOL_CALLS)), 'tools without an isolation case').toEqual([]);
    for (const name of tools) {
      const res = await dispatch('POST', '/mcp', {
        headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: TOOL_CALLS[name]() } }),
      });
      const answer = (await res.json()) as { result: { isError?: boolean; content: { text: string }[] } };
      expect(answer.result.isError, `${name}: ${answer.result.content[0]?.text}`).toBe(true);
      expect(answer.result.content[0].text).toMatch(/forbidden|not_found|403|404/);
    }
  });
});
