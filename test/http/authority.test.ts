import { expect, it } from 'vitest';
import { CreatedKey, KeyList } from '@/lib/wire/records';
import { api, createKey, describeHttp, expectBody, expectError, type TestKey, uid, uniqueEntity, wireFact } from '../harness';

// Authority is a lattice (docs/semantics.md § Identity and access): a key creates, sees, revokes or
// edits only keys, webhooks, decay policies, alert rules, settings and maintenance data whose scopes
// lie within its own; global objects need an admin of every scope. Each case below is one an admin
// key limited to `team` (or to no scope) could do before, and what it may still do inside team.

const SECRET = 'a-secret-of-16-chars-or-more';
const ALL_SCOPES = ['local', 'team', 'company', 'public'];
const as = (key: TestKey) => ({ key: key.key });

describeHttp('authority is a lattice', () => {
  it('a team admin cannot mint a key beyond team, and what it mints stays within team', async () => {
    const teamAdmin = await createKey(['admin'], ['team'], 'team-admin');
    const marker = uniqueEntity('company-secret');
    await api.post('/v1/facts', wireFact(marker, 'v', { scope: 'company' }));
    for (const allowed_scopes of [ALL_SCOPES, ['company'], ['team', 'company']]) {
      expectError(await api.post('/v1/auth/keys', { entity_uri: uniqueEntity('minted'), permissions: ['admin'], allowed_scopes }, as(teamAdmin)), 403, 'forbidden');
    }
    const minted = expectBody(await api.post('/v1/auth/keys', { entity_uri: uniqueEntity('minted'), permissions: ['admin'], allowed_scopes: ['team'] }, as(teamAdmin)), 201, CreatedKey);
    expectError(await api.get('/v1/facts', { key: minted.key, query: { scope: 'company' } }), 403, 'forbidden');
    expect(JSON.stringify((await api.get('/v1/facts', { key: minted.key, query: { entity: marker } })).body)).not.toContain(marker);
  });

  it('a team admin lists and revokes only keys within team; the bootstrap admin holds every scope', async () => {
    const teamAdmin = await createKey(['admin'], ['team'], 'team-admin');
    const companyKey = await createKey(['read'], ['company'], 'company-reader');
    const mixedKey = await createKey(['read'], ['team', 'company'], 'mixed-reader');
    const teamKey = await createKey(['read'], ['team'], 'team-reader');
    const noScopeKey = await createKey(['read'], [], 'no-scope');
    const listed = expectBody(await api.get('/v1/auth/keys', as(teamAdmin)), 200, KeyList).map((k) => k.id);
    expect(listed).toEqual(expect.arrayContaining([teamAdmin.id, teamKey.id, noScopeKey.id]));
    expect(listed).not.toContain(companyKey.id);
    expect(listed).not.toContain(mixedKey.id);
    expectError(await api.delete(`/v1/auth/keys/${companyKey.id}`, as(teamAdmin)), 403, 'forbidden');
    expectError(await api.delete(`/v1/auth/keys/${mixedKey.id}`, as(teamAdmin)), 403, 'forbidden');
    expect((await api.get('/v1/facts', { key: companyKey.key })).status).toBe(200);
    expect((await api.delete(`/v1/auth/keys/${teamKey.id}`, as(teamAdmin))).status).toBe(204);
    expectError(await api.delete(`/v1/auth/keys/unknown-${uid()}`, as(teamAdmin)), 404, 'key_not_found');
    // The bootstrap admin (STIGMEM_ADMIN_KEY) sees all of them.
    expect(expectBody(await api.get('/v1/auth/keys'), 200, KeyList).map((k) => k.id)).toEqual(expect.arrayContaining([companyKey.id, mixedKey.id, noScopeKey.id]));
    const me = (await api.get('/v1/me')).body as { allowed_scopes: string[]; permissions: string[] };
    expect(me.allowed_scopes).toEqual(ALL_SCOPES);
    expect(me.permissions).toContain('admin');
  });

  it('webhooks: another scope’s URL stays hidden and unchanged, and a webhook of every scope is global', async () => {
    const teamAdmin = await createKey(['admin'], ['team'], 'team-admin');
    const url = `http://127.0.0.1:9/company-token-${uid()}`;
    const companyHook = (expectBody(await api.post('/v1/webhooks', { url, secret: SECRET, scopes: ['company'] }), 201, HookRecord)).id;
    const listed = await api.get('/v1/webhooks', as(teamAdmin));
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(url);
    const mine = { url: 'http://127.0.0.1:9/intruder', secret: SECRET, scopes: ['team'] };
    expectError(await api.put(`/v1/webhooks/${companyHook}`, mine, as(teamAdmin)), 403, 'forbidden');
    expectError(await api.post(`/v1/webhooks/${companyHook}/test`, {}, as(teamAdmin)), 403, 'forbidden');
    expectError(await api.get(`/v1/webhooks/${companyHook}/deliveries`, as(teamAdmin)), 403, 'forbidden');
    expectError(await api.delete(`/v1/webhooks/${companyHook}`, as(teamAdmin)), 403, 'forbidden');
    const after = ((await api.get('/v1/webhooks')).body as { webhooks: { id: string; url: string; scopes: string[] }[] }).webhooks;
    expect(after.find((h) => h.id === companyHook)).toMatchObject({ url, scopes: ['company'] });
    // No scopes = every scope's alerts: only an admin of every scope may create one.
    expectError(await api.post('/v1/webhooks', { url: 'http://127.0.0.1:9/everything', secret: SECRET }, as(teamAdmin)), 403, 'forbidden');
    const own = expectBody(await api.post('/v1/webhooks', mine, as(teamAdmin)), 201, HookRecord);
    // Moving its own webhook to company is refused too.
    expectError(await api.put(`/v1/webhooks/${own.id}`, { ...mine, scopes: ['company'] }, as(teamAdmin)), 403, 'forbidden');
    expect((await api.delete(`/v1/webhooks/${own.id}`, as(teamAdmin))).status).toBe(204);
    // Other files on the shared database count deliveries: no destination is left behind.
    expect((await api.delete(`/v1/webhooks/${companyHook}`)).status).toBe(204);
  });

  it('decay policies: another scope’s or `*` cannot be created, changed or deleted, so company’s sweep is untouched', async () => {
    const teamAdmin = await createKey(['admin'], ['team'], 'team-admin');
    const entity = uniqueEntity('company-value');
    await api.post('/v1/facts', wireFact(entity, 'kept', { scope: 'company', relation: `iso${uid()}:status` }));
    const id = `company-${uid()}`;
    expectError(await api.post('/v1/decay/policies', { id, relation: '*', scope: 'company', mode: 'retract', ttl_s: 1 }, as(teamAdmin)), 403, 'forbidden');
    expectError(await api.post('/v1/decay/policies', { id, relation: '*', scope: '*', mode: 'retract', ttl_s: 1 }, as(teamAdmin)), 403, 'forbidden');
    const stored = `company-${uid()}`;
    expect((await api.post('/v1/decay/policies', { id: stored, relation: 'nothing:*', scope: 'company', mode: 'retract', ttl_s: 999_999_999 })).status).toBe(201);
    expectError(await api.put(`/v1/decay/policies/${stored}`, { relation: '*', scope: 'company', mode: 'retract', ttl_s: 1 }, as(teamAdmin)), 403, 'forbidden');
    expectError(await api.put(`/v1/decay/policies/${stored}`, { relation: '*', scope: 'team', mode: 'retract', ttl_s: 1 }, as(teamAdmin)), 403, 'forbidden');
    expectError(await api.delete(`/v1/decay/policies/${stored}`, as(teamAdmin)), 403, 'forbidden');
    expectError(await api.get(`/v1/decay/policies/${stored}`, as(teamAdmin)), 403, 'forbidden');
    expect(((await api.get('/v1/decay/policies', as(teamAdmin))).body as { policies: { id: string }[] }).policies.map((p) => p.id)).not.toContain(stored);
    const sweep = await api.post('/v1/decay/sweep', { scope: 'company', mode: 'dry_run' });
    expect(JSON.stringify(sweep.body)).not.toContain(entity);
    // Within team it may.
    const own = `team-${uid()}`;
    expect((await api.post('/v1/decay/policies', { id: own, relation: 'nothing:*', scope: 'team', mode: 'retract', ttl_s: 999_999_999 }, as(teamAdmin))).status).toBe(201);
    expect((await api.delete(`/v1/decay/policies/${own}`, as(teamAdmin))).status).toBe(204);
    expect((await api.delete(`/v1/decay/policies/${stored}`)).status).toBe(204);
  });

  it('alert rules: a rule of every scope is global, and one of another scope cannot be moved or deleted', async () => {
    const teamAdmin = await createKey(['admin'], ['team'], 'team-admin');
    expectError(await api.post('/v1/alerts/rules', { name: 'everything', kind: 'score_below', threshold: 50 }, as(teamAdmin)), 403, 'forbidden');
    expectError(await api.post('/v1/alerts/rules', { name: 'company', kind: 'score_below', scope: 'company', threshold: 50 }, as(teamAdmin)), 403, 'forbidden');
    const global = (await api.post('/v1/alerts/rules', { name: `global ${uid()}`, kind: 'score_below', threshold: 0 })).body as { id: string };
    // Narrowing a rule of every scope to team is a change of a global object.
    expectError(await api.put(`/v1/alerts/rules/${global.id}`, { name: 'mine now', kind: 'score_below', scope: 'team', threshold: 0 }, as(teamAdmin)), 403, 'forbidden');
    expectError(await api.delete(`/v1/alerts/rules/${global.id}`, as(teamAdmin)), 403, 'forbidden');
    const company = (await api.post('/v1/alerts/rules', { name: `company ${uid()}`, kind: 'score_below', scope: 'company', threshold: 0 })).body as { id: string };
    const rules = ((await api.get('/v1/alerts/rules', as(teamAdmin))).body as { rules: { id: string }[] }).rules.map((r) => r.id);
    expect(rules).toContain(global.id);
    expect(rules).not.toContain(company.id);
    const own = (await api.post('/v1/alerts/rules', { name: 'team', kind: 'score_below', scope: 'team', threshold: 50 }, as(teamAdmin))).body as { id: string; scope: string };
    expect(own.scope).toBe('team');
    expect((await api.delete(`/v1/alerts/rules/${own.id}`, as(teamAdmin))).status).toBe(204);
    for (const id of [global.id, company.id]) expect((await api.delete(`/v1/alerts/rules/${id}`)).status).toBe(204);
  });

  it('settings and the node’s own tables: a scope’s settings need admin on it; maintenance, replicas and instances need every scope', async () => {
    const teamAdmin = await createKey(['admin'], ['team'], 'team-admin');
    expectError(await api.put('/v1/scopes/company/settings', { auto_resolve: true }, as(teamAdmin)), 403, 'forbidden');
    expect((await api.put('/v1/scopes/team/settings', {}, as(teamAdmin))).status).toBe(200);
    for (const path of ['/v1/admin/maintenance', '/v1/admin/replicas', '/v1/admin/cluster']) {
      expectError(await api.get(path, as(teamAdmin)), 403, 'forbidden');
      expect((await api.get(path)).status, path).toBe(200);
    }
  });

  it('an admin of no scope manages nothing scoped: only keys that reach nothing', async () => {
    const noScopeAdmin = await createKey(['admin'], [], 'no-scope-admin');
    const localKey = await createKey(['read'], ['local'], 'local-reader');
    expectError(await api.post('/v1/auth/keys', { entity_uri: uniqueEntity('x'), permissions: ['read'], allowed_scopes: ['local'] }, as(noScopeAdmin)), 403, 'forbidden');
    expectError(await api.delete(`/v1/auth/keys/${localKey.id}`, as(noScopeAdmin)), 403, 'forbidden');
    const listed = expectBody(await api.get('/v1/auth/keys', as(noScopeAdmin)), 200, KeyList);
    expect(listed.every((k) => k.allowed_scopes.length === 0)).toBe(true);
    expect(listed.map((k) => k.id)).toContain(noScopeAdmin.id);
    expectError(await api.post('/v1/webhooks', { url: 'http://127.0.0.1:9/x', secret: SECRET }, as(noScopeAdmin)), 403, 'forbidden');
    expect(((await api.get('/v1/webhooks', as(noScopeAdmin))).body as { webhooks: unknown[] }).webhooks).toEqual([]);
    expectError(await api.put('/v1/scopes/local/settings', {}, as(noScopeAdmin)), 403, 'forbidden');
  });

  it('pages GET /v1/auth/keys with cursor and limit; the body stays the reference node’s array', async () => {
    const scopeAdmin = await createKey(['admin'], ['public'], 'paging-admin');
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await createKey(['read'], ['public'], `paged-${i}`)).id);
    const seen: string[] = [];
    let path: string | null = '/v1/auth/keys?limit=2';
    while (path) {
      const res = await api.get(path, as(scopeAdmin));
      const page = expectBody(res, 200, KeyList);
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((k) => k.id));
      const link = res.headers.get('link');
      const cursor = res.headers.get('x-next-cursor');
      expect(!!link).toBe(!!cursor);
      path = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : null;
    }
    // Newest first, each key once, every key within public (the admin's own included).
    expect(seen.slice(0, 5)).toEqual([...made].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain(scopeAdmin.id);
    // Without parameters: one array of up to 1,000 keys, as the official SDK reads it.
    expect(expectBody(await api.get('/v1/auth/keys', as(scopeAdmin)), 200, KeyList).map((k) => k.id)).toEqual(seen);
    expectError(await api.get('/v1/auth/keys?cursor=nonsense'), 400, 'invalid_cursor');
    expectError(await api.get('/v1/auth/keys?limit=1001'), 400, 'validation_error');
  });
});

const HookRecord = KeyList.element.pick({ id: true });
