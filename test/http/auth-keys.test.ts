import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { CreatedKey, FactList, FactRecord, KeyList } from '@/lib/wire/records';
import { advanceClock, api, createKey, describeHttp, expectBody, expectError, uid, uniqueEntity, wireFact, withClockHeld } from '../harness';

// POST|GET /v1/auth/keys, DELETE /v1/auth/keys/:id, and what keys may do (docs/semantics.md § Identity and access).

const rawKey = () => `sk_raw_${randomBytes(20).toString('hex')}`;

describeHttp('API keys', () => {
  it('registers a caller-supplied raw_key without echoing it; the key works at once', async () => {
    const secret = rawKey();
    const res = await api.post('/v1/auth/keys', { raw_key: secret, entity_uri: ` Stigmem://Test/Team  Lead-${uid()} `, permissions: ['read'], allowed_scopes: ['local'] });
    const created = expectBody(res, 201, CreatedKey);
    expect(created.key).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain(secret);
    expect(created.entity_uri).toMatch(/^stigmem:\/\/test\/team-lead-[0-9a-f]+$/);
    expect(created).toMatchObject({ permissions: ['read'], allowed_scopes: ['local'], expires_at: null, oidc_sub: null });
    expectBody(await api.get('/v1/facts', { key: secret }), 200, FactList);
    expectError(await api.post('/v1/auth/keys', { raw_key: secret, entity_uri: 'stigmem://test/again' }), 409, 'key_exists');
  });

  it('generates a key when none is given, returns it once, and never lists it', async () => {
    const res = await api.post('/v1/auth/keys', { entity_uri: uniqueEntity('agent'), permissions: ['write'], allowed_scopes: ['local', 'team'] });
    const created = expectBody(res, 201, CreatedKey);
    expect(created.key).toBeDefined();
    expect(created.key!.startsWith(created.key_prefix)).toBe(true);
    const fact = expectBody(await api.post('/v1/facts', wireFact(uniqueEntity('by-new-key'), 'v', { scope: 'team' }), { key: created.key }), 201, FactRecord);
    expect(fact.scope).toBe('team');
    const listed = await api.get('/v1/auth/keys');
    const keys = expectBody(listed, 200, KeyList);
    const { key: _secret, ...record } = created;
    expect(keys.find((k) => k.id === created.id)).toEqual(record);
    expect(JSON.stringify(listed.body)).not.toContain(created.key!);
    expect(JSON.stringify(listed.body)).not.toMatch(/key_hash|"key"/);
  });

  it('defaults to read permission and no scopes: nothing is readable', async () => {
    const created = expectBody(await api.post('/v1/auth/keys', { entity_uri: uniqueEntity('bare') }), 201, CreatedKey);
    expect(created).toMatchObject({ permissions: ['read'], allowed_scopes: [] });
    expect(expectBody(await api.get('/v1/facts', { key: created.key }), 200, FactList).facts).toEqual([]);
    expectError(await api.get('/v1/facts', { key: created.key, query: { scope: 'local' } }), 403, 'forbidden');
  });

  it('lists keys for admins only', async () => {
    const writer = await createKey(['write'], ['local']);
    expectError(await api.get('/v1/auth/keys', { key: writer.key }), 403, 'forbidden');
    expectError(await api.get('/v1/auth/keys', { key: null }), 401, 'unauthorized');
    expectError(await api.post('/v1/auth/keys', { entity_uri: uniqueEntity('x') }, { key: writer.key }), 403, 'forbidden');
    expect(expectBody(await api.get('/v1/auth/keys'), 200, KeyList).map((k) => k.id)).toContain(writer.id);
  });

  it('revokes with 204; the key gets 401 on its next request and leaves the list', async () => {
    const victim = await createKey(['write'], ['local']);
    expectBody(await api.get('/v1/facts', { key: victim.key }), 200, FactList);
    const res = await api.delete(`/v1/auth/keys/${victim.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expectError(await api.get('/v1/facts', { key: victim.key }), 401, 'unauthorized');
    expectError(await api.post('/v1/facts', wireFact(uniqueEntity('x'), 'v'), { key: victim.key }), 401, 'unauthorized');
    expect(expectBody(await api.get('/v1/auth/keys'), 200, KeyList).map((k) => k.id)).not.toContain(victim.id);
    expectError(await api.delete(`/v1/auth/keys/${victim.id}`), 404, 'key_not_found');
    expectError(await api.delete('/v1/auth/keys/no-such-key'), 404, 'key_not_found');
  });

  it('lets only admins revoke', async () => {
    const target = await createKey(['read'], ['local']);
    const writer = await createKey(['write'], ['local']);
    expectError(await api.delete(`/v1/auth/keys/${target.id}`, { key: writer.key }), 403, 'forbidden');
    expectError(await api.delete(`/v1/auth/keys/${target.id}`, { key: null }), 401, 'unauthorized');
    expectBody(await api.get('/v1/facts', { key: target.key }), 200, FactList);
  });

  it('stops accepting a key once it expires', async () => {
    const expiresAt = Date.now() + 1200;
    // The key works until it expires, however slow the machine: the node's clock stands still meanwhile.
    const created = await withClockHeld(async () => {
      const key = expectBody(await api.post('/v1/auth/keys', { entity_uri: uniqueEntity('brief'), allowed_scopes: ['local'], expires_at: new Date(expiresAt).toISOString() }), 201, CreatedKey);
      expectBody(await api.get('/v1/facts', { key: key.key }), 200, FactList);
      return key;
    });
    advanceClock(expiresAt - Date.now() + 50);
    expectError(await api.get('/v1/facts', { key: created.key }), 401, 'unauthorized');
    expect(expectBody(await api.get('/v1/auth/keys'), 200, KeyList).map((k) => k.id)).not.toContain(created.id);
  });

  it('nests permissions (admin ⊇ write ⊇ read) and checks scopes for each', async () => {
    const entity = uniqueEntity('nesting');
    const reader = await createKey(['read'], ['local']);
    const writer = await createKey(['write'], ['local']);
    const admin = await createKey(['admin'], ['team']);
    expectError(await api.post('/v1/facts', wireFact(entity, 'v'), { key: reader.key }), 403, 'forbidden');
    const written = expectBody(await api.post('/v1/facts', wireFact(entity, 'v'), { key: writer.key }), 201, FactRecord);
    expect(expectBody(await api.get(`/v1/facts/${written.id}`, { key: writer.key }), 200, FactRecord).id).toBe(written.id);
    expectError(await api.post('/v1/facts', wireFact(entity, 'v'), { key: admin.key }), 403, 'forbidden');
    expectBody(await api.post('/v1/facts', wireFact(entity, 'v', { scope: 'team' }), { key: admin.key }), 201, FactRecord);
    expectBody(await api.get('/v1/auth/keys', { key: admin.key }), 200, KeyList);
    expectError(await api.get('/v1/facts', { key: writer.key, query: { scope: 'team' } }), 403, 'forbidden');
  });

  it('answers 401 for a missing, unknown or malformed key', async () => {
    expectError(await api.get('/v1/facts', { key: null }), 401, 'unauthorized');
    expectError(await api.get('/v1/facts', { key: rawKey() }), 401, 'unauthorized');
    expectError(await api.get('/v1/facts', { key: null, headers: { authorization: 'Token abc' } }), 401, 'unauthorized');
    expectError(await api.get('/v1/facts', { key: null, headers: { authorization: 'Bearer' } }), 401, 'unauthorized');
  });

  type Case = [name: string, status: number, code: string, body: Record<string, unknown>];
  const cases: Case[] = [
    ['a raw_key shorter than 32 characters', 422, 'validation_error', { raw_key: 'x'.repeat(31), entity_uri: 'stigmem://test/k' }],
    ['a missing entity_uri', 422, 'validation_error', {}],
    ['a blank entity_uri', 400, 'invalid_entity_uri', { entity_uri: '   ' }],
    ['an entity_uri over 1,024 bytes', 422, 'validation_error', { entity_uri: `stigmem://${randomBytes(600).toString('hex')}` }],
    ['an unknown permission', 422, 'validation_error', { entity_uri: 'stigmem://test/k', permissions: ['root'] }],
    ['an unknown scope', 422, 'validation_error', { entity_uri: 'stigmem://test/k', allowed_scopes: ['galaxy'] }],
    ['an expiry in the past', 400, 'invalid_expiry', { entity_uri: 'stigmem://test/k', expires_at: '2020-01-01T00:00:00Z' }],
    ['a description with a NUL character', 422, 'validation_error', { entity_uri: 'stigmem://test/k', description: 'a\u0000b' }],
    ['an expiry that is not ISO', 422, 'validation_error', { entity_uri: 'stigmem://test/k', expires_at: 'next week' }],
  ];

  it.each(cases)('refuses to create a key with %s (%i %s)', async (_name, status, code, body) => {
    expectError(await api.post('/v1/auth/keys', body), status, code);
  });

  it('rejects malformed JSON with 400 invalid_json', async () => {
    expectError(await api.post('/v1/auth/keys', undefined, { rawBody: '{"entity_uri": "x",' }), 400, 'invalid_json');
  });
});
