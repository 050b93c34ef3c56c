import { expect, it } from 'vitest';
import { z } from 'zod';
import { csvRecords } from '../../e2e/support/csv';
import { api, createKey, describeHttp, dispatch, expectBody, expectError, openConflict, type TestKey, TEST_ORIGIN, uid, uniqueEntity, wireFact } from '../harness';
import { AuditExport, AuditPage, AuditRecord } from '@/lib/wire/audit';

// The audit log (Spec-09, docs/api.md § Audit log): every privileged or state-changing act and every
// refused request, with who, what, which scopes, when, from where and how it ended; read through
// GET /v1/audit and its export, scoped like every other read.

const ALL = ['local', 'team', 'company', 'public'];
type Entry = z.infer<typeof AuditRecord>;

/** Entries as `reader` (the bootstrap admin by default) sees them, newest first, every page. */
async function audit(query: Record<string, string>, reader?: TestKey): Promise<Entry[]> {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  do {
    const res = await api.get('/v1/audit', { key: reader?.key, query: { ...query, limit: 500, ...(cursor ? { cursor } : {}) } });
    const page = expectBody(res, 200, AuditPage);
    entries.push(...page.entries);
    cursor = page.next_cursor;
  } while (cursor);
  return entries;
}

const actions = (entries: Entry[]) => entries.map((e) => e.action).reverse();

describeHttp('the audit log records', () => {
  it('each privileged or state-changing act: who, what, which scopes, the target, when and from where', async () => {
    const admin = await createKey(['admin'], ALL, 'auditor');
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const as = { key: admin.key, headers: { 'x-forwarded-for': address } };
    const started = new Date(Date.now() - 1000);
    const created = (await api.post('/v1/auth/keys', { entity_uri: uniqueEntity('made'), allowed_scopes: ['team'] }, as)).body as { id: string };
    expect((await api.delete(`/v1/auth/keys/${created.id}`, as)).status).toBe(204);
    expect((await api.post('/v1/facts', { facts: [wireFact(uniqueEntity('a'), 'x', { scope: 'team' }), wireFact(uniqueEntity('b'), 'y', { scope: 'company' })] }, as)).status).toBe(201);
    expect((await api.post('/v1/facts/import', { facts: [wireFact(uniqueEntity('imported'), 'x', { scope: 'local' })] }, as)).status).toBe(201);
    const dismissed = (await openConflict({ scope: 'team' })).conflict;
    const { conflict } = await openConflict({ scope: 'team' });
    const path = (id: string, verb: string) => `/v1/conflicts/${encodeURIComponent(id)}/${verb}`;
    expect((await api.post(path(dismissed.conflict_id, 'dismiss'), { note: 'not a contradiction' }, as)).status).toBe(200);
    expect((await api.post(path(dismissed.conflict_id, 'reopen'), {}, as)).status).toBe(200);
    expect((await api.post(path(conflict.conflict_id, 'resolve'), { winning_fact_id: conflict.fact_a!.id }, as)).status).toBe(200);
    expect((await api.post('/v1/conflicts/auto-resolve', { scope: 'team', dry_run: true }, as)).status).toBe(200);
    // Off for the scope: refused with 409, and recorded as a failure.
    expect((await api.post('/v1/conflicts/auto-resolve', { scope: 'team' }, as)).status).toBe(409);
    const policy = `audit-${uid()}`;
    expect((await api.post('/v1/decay/policies', { id: policy, relation: 'nothing:*', scope: 'team', mode: 'retract', ttl_s: 999_999_999 }, as)).status).toBe(201);
    expect((await api.put(`/v1/decay/policies/${policy}`, { relation: 'nothing:*', scope: 'team', mode: 'retract', ttl_s: 999_999 }, as)).status).toBe(200);
    expect((await api.delete(`/v1/decay/policies/${policy}`, as)).status).toBe(204);
    const rule = (await api.post('/v1/alerts/rules', { name: 'audit', kind: 'score_below', scope: 'team', threshold: 1 }, as)).body as { id: string };
    expect((await api.put(`/v1/alerts/rules/${rule.id}`, { name: 'audit', kind: 'score_below', scope: 'team', threshold: 2 }, as)).status).toBe(200);
    expect((await api.delete(`/v1/alerts/rules/${rule.id}`, as)).status).toBe(204);
    const hook = (await api.post('/v1/webhooks', { url: 'http://127.0.0.1:9/audit', secret: 'a-secret-of-16-chars-or-more', scopes: ['team'] }, as)).body as { id: string };
    expect((await api.put(`/v1/webhooks/${hook.id}`, { url: 'http://127.0.0.1:9/audit2', secret: 'a-secret-of-16-chars-or-more', scopes: ['team'] }, as)).status).toBe(200);
    expect((await api.post(`/v1/webhooks/${hook.id}/test`, {}, as)).status).toBe(202);
    expect((await api.delete(`/v1/webhooks/${hook.id}`, as)).status).toBe(204);
    // An update that changes nothing: other files share team's settings on PostgreSQL.
    expect((await api.put('/v1/scopes/team/settings', {}, as)).status).toBe(200);
    expect((await api.post('/v1/decay/sweep', { scope: 'team', mode: 'dry_run' }, as)).status).toBe(200);
    expect((await api.post('/v1/decay/sweep', { scope: 'team' }, as)).status).toBe(200);
    expect((await api.get('/api/conflicts/export?format=json&scope=team', as)).status).toBe(200);
    expect((await api.get('/api/synthesis/export?format=csv&scope=team', as)).status).toBe(200);
    expect((await api.post('/v1/admin/maintenance', {}, as)).status).toBe(200);

    const entries = await audit({ actor: admin.entityUri });
    // Dry runs are reads: neither the auto-resolve preview nor the sweep preview is there.
    expect(actions(entries)).toEqual([
      'key.create', 'key.revoke', 'facts.write', 'facts.import', 'conflict.dismiss', 'conflict.reopen', 'conflict.resolve', 'conflict.auto_resolve',
      'decay_policy.create', 'decay_policy.replace', 'decay_policy.delete', 'alert_rule.create', 'alert_rule.replace', 'alert_rule.delete',
      'webhook.create', 'webhook.replace', 'webhook.test', 'webhook.delete', 'scope_settings.update', 'decay.sweep', 'export.conflicts', 'export.synthesis', 'maintenance.run',
    ]);
    for (const entry of entries) {
      const outcome = entry.action === 'conflict.auto_resolve' ? 'failure' : 'success';
      expect(entry, entry.action).toMatchObject({ outcome, key_id: admin.id, actor: admin.entityUri, via: 'bearer', client_address: address });
      expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(started.getTime());
    }
    const byAction = Object.fromEntries(entries.map((e) => [e.action, e]));
    expect(byAction['key.create']).toMatchObject({ status: 201, scopes: ['team'], target_id: created.id, method: 'POST', path: '/v1/auth/keys' });
    expect(byAction['key.revoke']).toMatchObject({ status: 204, scopes: ['team'], target_id: created.id });
    expect(byAction['facts.write']).toMatchObject({ scopes: ['team', 'company'], detail: { facts: 2 } });
    expect(byAction['conflict.auto_resolve']).toMatchObject({ status: 409, scopes: ['team'] });
    expect(byAction['conflict.resolve']).toMatchObject({ scopes: ['team'], target_id: conflict.conflict_id });
    expect(byAction['webhook.delete']).toMatchObject({ scopes: ['team'], target_id: hook.id });
    expect(byAction['scope_settings.update']).toMatchObject({ scopes: ['team'], target_id: 'team' });
    // The node's own tables are every scope's: a node-wide entry.
    expect(byAction['maintenance.run']).toMatchObject({ scopes: [] });
  });

  it('refused attempts: failed authentication, a missing permission, a scope violation, a forged sign-in', async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const from = { 'x-forwarded-for': `10.9.9.9, ${address}` };
    expectError(await api.get('/v1/facts', { key: `sk_wrong_${uid()}`, headers: from }), 401, 'unauthorized');
    const reader = await createKey(['read'], ['company'], 'audit-reader');
    expectError(await api.get('/v1/facts', { key: reader.key, headers: from, query: { scope: 'team' } }), 403, 'forbidden');
    expectError(await api.post('/v1/facts', wireFact(uniqueEntity('x'), 'v', { scope: 'company' }), { key: reader.key, headers: from }), 403, 'forbidden');
    const teamAdmin = await createKey(['admin'], ['team'], 'audit-team-admin');
    expectError(await api.post('/v1/auth/keys', { entity_uri: uniqueEntity('x'), permissions: ['admin'], allowed_scopes: ['company'] }, { key: teamAdmin.key, headers: from }), 403, 'forbidden');
    expectError(await api.post('/api/session', { key: teamAdmin.key }, { key: null, headers: { ...from, origin: 'http://evil.example' } }), 403, 'origin_mismatch');
    expectError(await api.post('/api/session', { key: `sk_wrong_${uid()}` }, { key: null, headers: { ...from, origin: TEST_ORIGIN } }), 401, 'unauthorized');

    const refused = (await audit({ outcome: 'denied', since: new Date(Date.now() - 60_000).toISOString() })).filter((e) => e.client_address === address).reverse();
    expect(refused.map((e) => [e.action, e.status, e.actor, e.scopes])).toEqual([
      ['access.denied', 401, null, []],
      // Refused on the scope it asked for: an admin of that scope sees the attempt.
      ['access.denied', 403, reader.entityUri, ['team']],
      // Refused before the body was read (no write permission at all): no scope was named yet.
      ['facts.write', 403, reader.entityUri, []],
      ['key.create', 403, teamAdmin.entityUri, ['company']],
      ['session.sign_in', 403, null, []],
      ['session.sign_in', 401, null, []],
    ]);
    expect(refused[0]).toMatchObject({ via: 'anonymous', key_id: null, method: 'GET', path: '/v1/facts', detail: { forwarded_for: `10.9.9.9, ${address}` } });
  });

  it('sign-in and sign-out, for the key the session is for', async () => {
    const key = await createKey(['read'], ['local', 'public'], 'audit-session');
    const res = await api.post('/api/session', { key: key.key }, { key: null, headers: { origin: TEST_ORIGIN } });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    expect((await api.delete('/api/session', { key: null, headers: { cookie, origin: TEST_ORIGIN } })).status).toBe(200);
    const entries = await audit({ actor: key.id });
    expect(entries.map((e) => [e.action, e.outcome, e.key_id, e.via, e.scopes]).reverse()).toEqual([
      ['session.sign_in', 'success', key.id, 'session', ['local', 'public']],
      ['session.sign_out', 'success', key.id, 'session', ['local', 'public']],
    ]);
  });
});

describeHttp('reading the audit log', () => {
  it('shows an admin only the entries within the scopes it administers; node-wide ones need every scope', async () => {
    const writer = await createKey(['admin'], ALL, 'audit-writer');
    const as = { key: writer.key };
    await api.post('/v1/facts', wireFact(uniqueEntity('t'), 'x', { scope: 'team' }), as);
    await api.post('/v1/facts', wireFact(uniqueEntity('c'), 'x', { scope: 'company' }), as);
    await api.post('/v1/facts', { facts: [wireFact(uniqueEntity('tc'), 'x', { scope: 'team' }), wireFact(uniqueEntity('tc'), 'x', { scope: 'company' })] }, as);
    await api.post('/v1/admin/maintenance', {}, as);
    const seenBy = async (reader?: TestKey) => (await audit({ actor: writer.entityUri }, reader)).map((e) => e.scopes.join('+') || 'node').reverse();
    expect(await seenBy()).toEqual(['team', 'company', 'team+company', 'node']);
    expect(await seenBy(await createKey(['admin'], ['team'], 'team-auditor'))).toEqual(['team']);
    expect(await seenBy(await createKey(['admin'], ['company', 'team'], 'both-auditor'))).toEqual(['team', 'company', 'team+company']);
    expect(await seenBy(await createKey(['admin'], [], 'no-scope-auditor'))).toEqual([]);
    const teamAdmin = await createKey(['admin'], ['team'], 'team-auditor');
    expectError(await api.get('/v1/audit', { key: teamAdmin.key, query: { scope: 'company' } }), 403, 'forbidden');
    expectError(await api.get('/v1/audit', { key: (await createKey(['read', 'write'], ALL, 'reader')).key }), 403, 'forbidden');
    expectError(await api.get('/v1/audit', { key: null }), 401, 'unauthorized');
  });

  it('filters by scope, actor (entity or key id), action or family, outcome and time, and pages by cursor', async () => {
    const writer = await createKey(['admin'], ALL, 'audit-filter');
    const as = { key: writer.key };
    for (let i = 0; i < 5; i++) await api.post('/v1/facts', wireFact(uniqueEntity('f'), 'x', { scope: i % 2 ? 'team' : 'local' }), as);
    const mid = new Date();
    await new Promise((r) => setTimeout(r, 20));
    const made = (await api.post('/v1/auth/keys', { entity_uri: uniqueEntity('k') }, as)).body as { id: string };
    expectError(await api.delete(`/v1/auth/keys/missing-${uid()}`, as), 404, 'key_not_found');
    expect((await audit({ actor: writer.entityUri })).length).toBe(7);
    expect((await audit({ actor: writer.id })).length).toBe(7);
    // The two team facts, and the revoke of a key that does not exist: with no record to name a
    // scope, a request stands for every scope its caller holds.
    expect(actions(await audit({ actor: writer.entityUri, scope: 'team' }))).toEqual(['facts.write', 'facts.write', 'key.revoke']);
    expect(actions(await audit({ actor: writer.entityUri, action: 'key' }))).toEqual(['key.create', 'key.revoke']);
    expect((await audit({ actor: writer.entityUri, action: 'key.create' }))[0].target_id).toBe(made.id);
    expect((await audit({ actor: writer.entityUri, outcome: 'failure' })).map((e) => [e.action, e.status])).toEqual([['key.revoke', 404]]);
    expect((await audit({ actor: writer.entityUri, since: mid.toISOString() })).length).toBe(2);
    expect((await audit({ actor: writer.entityUri, until: mid.toISOString() })).length).toBe(5);
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: z.infer<typeof AuditPage> = expectBody(await api.get('/v1/audit', { query: { actor: writer.entityUri, limit: 3, ...(cursor ? { cursor } : {}) } }), 200, AuditPage);
      expect(page.entries.length).toBeLessThanOrEqual(3);
      ids.push(...page.entries.map((e) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(ids).toEqual((await audit({ actor: writer.entityUri })).map((e) => e.id));
    expect(ids.map(BigInt)).toEqual([...ids.map(BigInt)].sort((a, b) => (a > b ? -1 : 1)));
    expectError(await api.get('/v1/audit', { query: { cursor: 'garbage' } }), 400, 'invalid_cursor');
    expectError(await api.get('/v1/audit', { query: { action: 'x; DROP' } }), 400, 'validation_error');
    expectError(await api.get('/v1/audit', { query: { since: 'yesterday' } }), 400, 'validation_error');
    expectError(await api.get('/v1/audit', { query: { limit: 501 } }), 400, 'validation_error');
  });

  it('exports as CSV or JSON with the same filters and scoping, and records the export', async () => {
    const writer = await createKey(['admin'], ALL, 'audit-export');
    await api.post('/v1/facts', wireFact(uniqueEntity('e'), 'x', { scope: 'team' }), { key: writer.key });
    await api.post('/v1/facts', wireFact(uniqueEntity('e'), 'x', { scope: 'company' }), { key: writer.key });
    const reader = await createKey(['admin'], ['team'], 'audit-exporter');
    const csv = await api.get('/v1/audit/export', { key: reader.key, query: { actor: writer.entityUri } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="stigmem-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csvRecords(csv.body as string);
    expect(rows.map((r) => [r.action, r.scopes, r.actor])).toEqual([['facts.write', 'team', writer.entityUri]]);
    const json = await api.get('/v1/audit/export', { key: reader.key, query: { actor: writer.entityUri, format: 'json' } });
    expect(AuditExport.parse(json.body).map((e) => e.scopes)).toEqual([['team']]);
    expect((await audit({ actor: reader.entityUri, action: 'export.audit' })).map((e) => e.scopes)).toEqual([['team'], ['team']]);
    expectError(await api.get('/v1/audit/export', { key: reader.key, query: { format: 'xml' } }), 400, 'validation_error');
  });

  it('records a streamed export when its download ends, and says so when the client stopped reading', async () => {
    const reader = await createKey(['read'], ['local'], 'audit-downloader');
    for (let i = 0; i < 3; i++) await api.post('/v1/facts', { facts: [wireFact(uniqueEntity('x'), 'a'), wireFact(uniqueEntity('x'), 'b')] });
    const whole = await dispatch('GET', '/api/conflicts/export?format=json', { headers: { authorization: `Bearer ${reader.key}` } });
    await whole.text();
    const cut = await dispatch('GET', '/api/conflicts/export?format=csv', { headers: { authorization: `Bearer ${reader.key}` } });
    const body = cut.body!.getReader();
    await body.read();
    await body.cancel();
    const entries = await audit({ actor: reader.entityUri, action: 'export' });
    expect(entries.map((e) => [e.action, e.status, e.detail]).reverse()).toEqual([
      ['export.conflicts', 200, null],
      ['export.conflicts', 200, { completed: false }],
    ]);
  });
});
