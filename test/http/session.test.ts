import { expect, it } from 'vitest';
import { ErrorBody, FactList, FactRecord, SessionState } from '../schemas';
import { api, createKey, describeHttp, expectBody, expectError, TEST_ADMIN_KEY, TEST_ORIGIN, uniqueEntity, wireFact } from '../harness';

// /api/session: the dashboard exchanges a key for an HttpOnly, SameSite=Strict cookie; cookie
// mutations must come from the dashboard origin (CSRF); sign-out and revocation end the session.

async function signIn(key: string): Promise<{ cookie: string; setCookie: string }> {
  const res = await api.post('/api/session', { key }, { key: null });
  expect(expectBody(res, 200, SessionState).signed_in).toBe(true);
  const setCookie = res.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0];
  expect(cookie).toMatch(/^stigmem_session=[^;]+$/);
  return { cookie, setCookie };
}

describeHttp('/api/session', () => {
  it('signs in with a key and sets an HttpOnly, SameSite=Strict session cookie', async () => {
    const before = Date.now();
    const { setCookie } = await signIn(TEST_ADMIN_KEY);
    const attributes = setCookie.split(';').map((part) => part.trim());
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/']));
    expect(attributes).not.toContain('Secure');
    const expires = attributes.find((a) => a.startsWith('Expires='));
    expect(Date.parse(expires!.slice('Expires='.length))).toBeGreaterThan(before + 60 * 60_000);
    expect(setCookie).not.toContain(TEST_ADMIN_KEY);
  });

  it('authenticates reads with the cookie alone', async () => {
    const entity = uniqueEntity('cookie-read');
    const fact = expectBody(await api.post('/v1/facts', wireFact(entity, 'v')), 201, FactRecord);
    const { cookie } = await signIn(TEST_ADMIN_KEY);
    const res = await api.get('/v1/facts', { key: null, headers: { cookie }, query: { entity } });
    expect(expectBody(res, 200, FactList).facts.map((f) => f.id)).toEqual([fact.id]);
  });

  it('refuses cookie mutations without a matching Origin (403), accepts them from the dashboard origin', async () => {
    const entity = uniqueEntity('cookie-write');
    const { cookie } = await signIn(TEST_ADMIN_KEY);
    expectError(await api.post('/v1/facts', wireFact(entity, 'v'), { key: null, headers: { cookie } }), 403, 'origin_mismatch');
    expectError(await api.post('/v1/facts', wireFact(entity, 'v'), { key: null, headers: { cookie, origin: 'http://evil.example' } }), 403, 'origin_mismatch');
    expectError(await api.post('/v1/facts', wireFact(entity, 'v'), { key: null, headers: { cookie, origin: 'http://localhost:8080' } }), 403, 'origin_mismatch');
    // Sandboxed frames and privacy modes send the opaque origin "null".
    expectError(await api.post('/v1/facts', wireFact(entity, 'v'), { key: null, headers: { cookie, origin: 'null' } }), 403, 'origin_mismatch');
    expect(expectBody(await api.get('/v1/facts', { key: null, headers: { cookie }, query: { entity } }), 200, FactList).facts).toEqual([]);
    const ok = await api.post('/v1/facts', wireFact(entity, 'v'), { key: null, headers: { cookie, origin: TEST_ORIGIN } });
    expect(expectBody(ok, 201, FactRecord).entity).toBe(entity);
  });

  it('keeps the permissions of the key behind the session', async () => {
    const reader = await createKey(['read'], ['local']);
    const { cookie } = await signIn(reader.key);
    expectError(await api.post('/v1/facts', wireFact(uniqueEntity('x'), 'v'), { key: null, headers: { cookie, origin: TEST_ORIGIN } }), 403, 'forbidden');
    expectError(await api.get('/v1/auth/keys', { key: null, headers: { cookie } }), 403, 'forbidden');
  });

  it('signs out: the cookie is cleared and no longer authenticates', async () => {
    const { cookie } = await signIn(TEST_ADMIN_KEY);
    const res = await api.delete('/api/session', { key: null, headers: { cookie, origin: TEST_ORIGIN } });
    expect(expectBody(res, 200, SessionState).signed_in).toBe(false);
    expect(res.headers.get('set-cookie')).toMatch(/^stigmem_session=;.*Max-Age=0/);
    expectError(await api.get('/v1/facts', { key: null, headers: { cookie } }), 401, 'unauthorized');
  });

  it('treats an undecodable session cookie as no session', async () => {
    expectError(await api.get('/v1/facts', { key: null, headers: { cookie: 'stigmem_session=%E0%A4%A' } }), 401, 'unauthorized');
    expectError(await api.get('/v1/facts', { key: null, headers: { cookie: 'other=%; stigmem_session=%zz' } }), 401, 'unauthorized');
  });

  it('ends the sessions of a revoked key', async () => {
    const key = await createKey(['read'], ['local']);
    const { cookie } = await signIn(key.key);
    expectBody(await api.get('/v1/facts', { key: null, headers: { cookie } }), 200, FactList);
    expect((await api.delete(`/v1/auth/keys/${key.id}`)).status).toBe(204);
    expectError(await api.get('/v1/facts', { key: null, headers: { cookie } }), 401, 'unauthorized');
  });

  type Case = [name: string, status: number, code: string, body: unknown, raw?: string];
  const cases: Case[] = [
    ['an unknown key', 401, 'unauthorized', { key: 'sk_unknown_000000000000000000000000000000' }],
    ['no key', 422, 'validation_error', {}],
    ['an empty key', 422, 'validation_error', { key: '' }],
    ['malformed JSON', 400, 'invalid_json', undefined, '{"key": '],
  ];

  it.each(cases)('refuses to sign in with %s (%i %s) and sets no cookie', async (_name, status, code, body, raw) => {
    const res = await api.post('/api/session', body, { key: null, rawBody: raw });
    expectError(res, status, code);
    expect(ErrorBody.parse(res.body).detail.length).toBeGreaterThan(0);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
