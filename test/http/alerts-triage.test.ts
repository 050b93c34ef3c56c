import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { openAlertCount } from '@/lib/alerts/alert-store';
import { getDb } from '@/lib/db/prisma';
import { api, createKey, describeHttp, expectError, openConflict, takeTurnsOnScopeHistory, type TestKey, uid } from '../harness';

// Triage of alerts over HTTP: levels, grouping by rule and scope, acknowledging many at once (all or
// nothing), muting a rule on a scope until an instant, and one count of open alerts for the header,
// the API and Review history. Alerts for grouping and acknowledging are stored directly (their
// lifecycle is alerts-webhooks.test.ts); muting is checked through real health runs.

type Alert = { id: string; status: string; level: string; muted_until: string | null; rule: { id: string } };
type Counts = { open: number; muted: number; acknowledged: number; resolved: number };
type Group = { key: string; rule: { id: string }; scope: string; level: string; count: number; counts: Counts; first_opened_at: string; last_opened_at: string; open_alert_ids: string[]; muted_until: string | null; latest: Alert };
type Entry = { action: string; target_id: string | null; outcome: string; actor: string | null; detail: Record<string, unknown> | null };

const hour = 3600_000;

async function storedRule(scope: string | null = null, kind = 'score_below') {
  const res = await api.post('/v1/alerts/rules', { name: `triage ${uid()}`, kind, scope, threshold: 0, enabled: false });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; level: string };
}

async function storedAlert(ruleId: string, scope: string, status: 'open' | 'acknowledged' | 'resolved', openedHoursAgo: number): Promise<string> {
  const db = await getDb();
  const id = `triage-${randomUUID()}`;
  const openedAt = new Date(Date.now() - openedHoursAgo * hour);
  await db.alert.create({ data: { id, ruleId, scope, status, message: `stored ${status}`, value: 1, threshold: 0, openedAt, updatedAt: openedAt, resolvedAt: status === 'resolved' ? openedAt : null } });
  return id;
}

async function auditOf(action: string, target?: string): Promise<Entry[]> {
  const res = await api.get('/v1/audit', { query: { action, limit: 500 } });
  expect(res.status).toBe(200);
  return (res.body as { entries: Entry[] }).entries.filter((e) => e.action === action && (target === undefined || e.target_id === target));
}

const alertsOf = async (query: Record<string, string>, key?: TestKey) => {
  const res = await api.get('/v1/alerts', { query, key: key?.key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { alerts: Alert[]; counts: Counts };
};

describeHttp('alert triage: levels, groups, acknowledging many, muting', () => {
  takeTurnsOnScopeHistory();
  let teamWriter: TestKey;
  beforeAll(async () => {
    teamWriter = await createKey(['read', 'write'], ['team'], 'team-writer');
  });

  it('a rule takes its kind’s level unless it sets one; a bad level is refused', async () => {
    const failed = (await api.post('/v1/alerts/rules', { name: `lv ${uid()}`, kind: 'run_failed', enabled: false })).body as { id: string; level: string };
    expect(failed.level).toBe('critical');
    const slow = (await api.post('/v1/alerts/rules', { name: `lv ${uid()}`, kind: 'run_slower_than', threshold: 5, enabled: false })).body as { level: string };
    expect(slow.level).toBe('info');
    const loud = await api.post('/v1/alerts/rules', { name: `lv ${uid()}`, kind: 'pending_above', threshold: 5, level: 'critical', enabled: false });
    expect(loud.body).toMatchObject({ level: 'critical' });
    expectError(await api.post('/v1/alerts/rules', { name: 'x', kind: 'pending_above', level: 'loud' }), 422, 'validation_error');
    const defaults = ((await api.get('/v1/alerts/rules')).body as { rules: { id: string; level: string }[] }).rules;
    expect(defaults.find((r) => r.id === 'default-run-failed')?.level).toBe('critical');
    expect(defaults.find((r) => r.id === 'default-pending')?.level).toBe('warning');
    const alertId = await storedAlert(failed.id, 'team', 'open', 1);
    expect((await alertsOf({ scope: 'team', status: 'open' })).alerts.find((a) => a.id === alertId)).toMatchObject({ level: 'critical', muted_until: null });
    await api.delete(`/v1/alerts/rules/${failed.id}`);
  });

  it('groups alerts by rule and scope: how often, first and last, the open ones', async () => {
    const rule = await storedRule();
    const resolved = [await storedAlert(rule.id, 'team', 'resolved', 50), await storedAlert(rule.id, 'team', 'resolved', 30)];
    const open = await storedAlert(rule.id, 'team', 'open', 2);
    const other = await storedAlert(rule.id, 'company', 'open', 1);
    const res = await api.get('/v1/alerts', { query: { group: 'rule_scope', status: 'all' } });
    expect(res.status).toBe(200);
    const groups = (res.body as { groups: Group[] }).groups.filter((g) => g.rule.id === rule.id);
    expect(groups.map((g) => g.scope).sort()).toEqual(['company', 'team']);
    const team = groups.find((g) => g.scope === 'team')!;
    expect(team).toMatchObject({ key: `${rule.id}|team`, count: 3, counts: { open: 1, resolved: 2, muted: 0, acknowledged: 0 }, open_alert_ids: [open], latest: { id: open } });
    expect(Date.parse(team.first_opened_at)).toBeLessThan(Date.parse(team.last_opened_at));
    expect(resolved).toHaveLength(2);
    // Only the open ones, grouped: the resolved alerts drop out of the count.
    const openGroups = ((await api.get('/v1/alerts', { query: { group: 'rule_scope', status: 'open' } })).body as { groups: Group[] }).groups;
    expect(openGroups.find((g) => g.key === `${rule.id}|team`)).toMatchObject({ count: 1 });
    // A key of team sees team's group only.
    const asTeam = ((await api.get('/v1/alerts', { query: { group: 'rule_scope' }, key: teamWriter.key })).body as { groups: Group[] }).groups;
    expect(asTeam.filter((g) => g.rule.id === rule.id).map((g) => g.scope)).toEqual(['team']);
    expect(other).toBeTruthy();
    expect((await api.get('/v1/alerts', { query: { group: 'by_rule' } })).status).toBe(400);
    await api.delete(`/v1/alerts/rules/${rule.id}`);
  });

  it('acknowledges many alerts in one call, all or nothing, audited; refuses another scope’s', async () => {
    const rule = await storedRule();
    const a = await storedAlert(rule.id, 'team', 'open', 3);
    const b = await storedAlert(rule.id, 'team', 'open', 2);
    const done = await storedAlert(rule.id, 'team', 'resolved', 9);
    const company = await storedAlert(rule.id, 'company', 'open', 1);

    expectError(await api.post('/v1/alerts/acknowledge', { ids: [a, done] }), 409, 'alert_not_open');
    expectError(await api.post('/v1/alerts/acknowledge', { ids: [a, 'no-such-alert'] }), 404, 'alert_not_found');
    expectError(await api.post('/v1/alerts/acknowledge', {}), 422, 'validation_error');
    expectError(await api.post('/v1/alerts/acknowledge', { ids: [a], rule_id: rule.id, scope: 'team' }), 422, 'validation_error');
    expectError(await api.post('/v1/alerts/acknowledge', { ids: [] }), 422, 'validation_error');
    expect((await api.post('/v1/alerts/acknowledge', { ids: [a, company] }, { key: teamWriter.key })).status).toBe(403);
    expect((await api.post('/v1/alerts/acknowledge', { rule_id: rule.id, scope: 'company' }, { key: teamWriter.key })).status).toBe(403);
    // Nothing of the refused calls changed anything.
    expect((await alertsOf({ scope: 'team', status: 'open' })).alerts.filter((x) => x.rule.id === rule.id).map((x) => x.id).sort()).toEqual([a, b].sort());

    const res = await api.post('/v1/alerts/acknowledge', { ids: [a, b], note: 'both on it' }, { key: teamWriter.key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ acknowledged: 2 });
    expect((res.body as { alerts: { status: string; ack_note: string }[] }).alerts.every((x) => x.status === 'acknowledged' && x.ack_note === 'both on it')).toBe(true);
    expectError(await api.post('/v1/alerts/acknowledge', { rule_id: rule.id, scope: 'team' }), 409, 'alert_not_open');
    const group = await api.post('/v1/alerts/acknowledge', { rule_id: rule.id, scope: 'company' });
    expect(group.body).toMatchObject({ acknowledged: 1, alerts: [{ id: company, status: 'acknowledged' }] });
    const entries = await auditOf('alert.acknowledge_many');
    const mine = entries.find((e) => e.outcome === 'success' && Array.isArray(e.detail?.ids) && (e.detail!.ids as string[]).includes(a));
    expect(mine).toMatchObject({ actor: teamWriter.entityUri, detail: { count: 2 } });
    expect(entries.some((e) => e.outcome === 'denied')).toBe(true);
    await api.delete(`/v1/alerts/rules/${rule.id}`);
  });

  it('a muted rule opens no alert on its scope until unmuted or expired; mute and unmute are audited', async () => {
    const scope = 'local';
    const baseline = (await api.post('/v1/health/runs', { scope })).body as { pending_conflicts: number };
    const rule = (await api.post('/v1/alerts/rules', { name: `muted ${uid()}`, kind: 'pending_above', scope, threshold: baseline.pending_conflicts })).body as { id: string };
    const until = new Date(Date.now() + hour).toISOString();
    const muted = await api.post(`/v1/alerts/rules/${rule.id}/mute`, { until, reason: 'known migration' });
    expect(muted.status, JSON.stringify(muted.body)).toBe(201);
    expect(muted.body).toMatchObject({ rule_id: rule.id, scope, reason: 'known migration', ended_at: null });
    const listed = ((await api.get('/v1/alerts/rules')).body as { rules: { id: string; mutes: { scope: string; until: string }[] }[] }).rules.find((r) => r.id === rule.id);
    expect(listed?.mutes).toEqual([expect.objectContaining({ scope, until: until.replace('.000Z', 'Z') })]);

    await openConflict({ scope });
    expect(((await api.post('/v1/health/runs', { scope })).body as { pending_conflicts: number }).pending_conflicts).toBeGreaterThan(baseline.pending_conflicts);
    const mine = async () => (await alertsOf({ scope, status: 'all' })).alerts.filter((a) => a.rule.id === rule.id);
    expect(await mine()).toEqual([]);

    const unmuted = await api.delete(`/v1/alerts/rules/${rule.id}/mute`);
    expect(unmuted.status).toBe(200);
    expect(unmuted.body).toMatchObject({ ended_by: expect.any(String) });
    expectError(await api.delete(`/v1/alerts/rules/${rule.id}/mute`), 404, 'mute_not_found');
    await api.post('/v1/health/runs', { scope });
    const [opened] = await mine();
    expect(opened).toMatchObject({ status: 'open', muted_until: null });

    // Muted while open: left out of the open count (the header's), counted as muted, still listed.
    const before = await alertsOf({ scope });
    await api.post(`/v1/alerts/rules/${rule.id}/mute`, { scope, until });
    const after = await alertsOf({ scope });
    expect(after.counts.open).toBe(before.counts.open - 1);
    expect(after.counts.muted).toBe(before.counts.muted + 1);
    expect((await alertsOf({ scope, status: 'muted' })).alerts.map((a) => a.id)).toContain(opened.id);
    expect((await alertsOf({ scope, status: 'open' })).alerts.map((a) => a.id)).not.toContain(opened.id);
    const mutedGroups = ((await api.get('/v1/alerts', { query: { scope, status: 'muted', group: 'rule_scope' } })).body as { groups: Group[] }).groups;
    expect(mutedGroups.find((g) => g.rule.id === rule.id)).toMatchObject({ counts: { muted: 1, open: 0 }, latest: { id: opened.id }, muted_until: expect.any(String) });
    // The mute expires by itself: no job, the clock passes `until`.
    const db = await getDb();
    await db.alertMute.updateMany({ where: { ruleId: rule.id, endedAt: null }, data: { until: new Date(Date.now() - 1000) } });
    expect((await alertsOf({ scope, status: 'open' })).alerts.map((a) => a.id)).toContain(opened.id);

    const mutes = await auditOf('alert_rule.mute', rule.id);
    expect(mutes[mutes.length - 1]).toMatchObject({ outcome: 'success', detail: { until: new Date(until).toISOString(), reason: 'known migration' } });
    // The unmute, and the second one that found nothing to end (recorded as a failure).
    expect((await auditOf('alert_rule.unmute', rule.id)).map((e) => e.outcome).sort()).toEqual(['failure', 'success']);
    await api.delete(`/v1/alerts/rules/${rule.id}`);
  });

  it('refuses bad mutes with 4xx and keeps them to writers of the scope', async () => {
    const teamRule = await storedRule('team');
    const globalRule = await storedRule(null);
    const soon = new Date(Date.now() + hour).toISOString();
    expectError(await api.post(`/v1/alerts/rules/${teamRule.id}/mute`, { until: new Date(Date.now() - hour).toISOString() }), 422, 'validation_error');
    expectError(await api.post(`/v1/alerts/rules/${teamRule.id}/mute`, { until: new Date(Date.now() + 100 * 24 * hour).toISOString() }), 422, 'validation_error');
    expectError(await api.post(`/v1/alerts/rules/${teamRule.id}/mute`, { until: 'tomorrow' }), 422, 'validation_error');
    expectError(await api.post(`/v1/alerts/rules/${teamRule.id}/mute`, { until: soon, scope: 'company' }), 422, 'scope_not_covered');
    expectError(await api.post('/v1/alerts/rules/no-such-rule/mute', { until: soon }), 404, 'rule_not_found');
    // A writer of team mutes team's rule, and a rule of every scope on team; not on every scope at once, not on company.
    expect((await api.post(`/v1/alerts/rules/${teamRule.id}/mute`, { until: soon }, { key: teamWriter.key })).status).toBe(201);
    expect((await api.post(`/v1/alerts/rules/${globalRule.id}/mute`, { until: soon, scope: 'team' }, { key: teamWriter.key })).status).toBe(201);
    expect((await api.post(`/v1/alerts/rules/${globalRule.id}/mute`, { until: soon }, { key: teamWriter.key })).status).toBe(403);
    expect((await api.post(`/v1/alerts/rules/${globalRule.id}/mute`, { until: soon, scope: 'company' }, { key: teamWriter.key })).status).toBe(403);
    const reader = await createKey(['read'], ['team'], 'team-reader');
    expect((await api.delete(`/v1/alerts/rules/${teamRule.id}/mute`, { key: reader.key })).status).toBe(403);
    expect((await api.delete(`/v1/alerts/rules/${teamRule.id}/mute`, { key: teamWriter.key })).status).toBe(200);
    for (const r of [teamRule, globalRule]) await api.delete(`/v1/alerts/rules/${r.id}`);
  });

  it('the header, GET /v1/alerts and Review history count open alerts with one function', async () => {
    const rule = await storedRule(null, 'pending_above');
    await storedAlert(rule.id, 'team', 'open', 1);
    await storedAlert(rule.id, 'company', 'open', 1);
    const api_ = await alertsOf({}, teamWriter);
    expect(await openAlertCount(['team'])).toBe(api_.counts.open);
    expect((await alertsOf({ status: 'open' }, teamWriter)).alerts.length).toBe(api_.counts.open);
    const history = (await api.get('/v1/conflicts/history', { query: { scope: 'team' }, key: teamWriter.key })).body as { alerts: { id: string; rule: { id: string } }[]; alert_counts: Counts };
    expect(history.alerts.length).toBe(history.alert_counts.open);
    expect(history.alerts.some((a) => a.rule.id === rule.id)).toBe(true);
    expect(history.alert_counts.open).toBeLessThanOrEqual(api_.counts.open);
    await api.delete(`/v1/alerts/rules/${rule.id}`);
  });
});
