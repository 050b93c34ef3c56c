import { expect, it } from 'vitest';
import { ErrorBody, FactList, FactRecord, SessionState } from '@/lib/wire/records';
import { api, createKey, describeHttp, expectBody, expectError, setEnv, TEST_ADMIN_KEY, TEST_ORIGIN, uniqueEntity, wireFact } from '../harness';

// /api/session: the dashboard exchanges a key for an HttpOnly, SameSite=Strict cookie; sign-in takes
// only JSON from the dashboard origin (login CSRF), cookie mutations must come from it too (CSRF);
// sign-out and revocation end the session; a key holds at most STIGMEM_MAX_SESSIONS_PER_KEY sessions.

/** What the dashboard's sign-in form sends: JSON, from the page's own origin. */
const FROM_DASHBOARD = { origin: TEST_ORIGIN };

async function signIn(key: string): Promise<{ cookie: string; setCookie: string }> {
  const res = await api.post('/api/session', { key }, { key: null, headers: FROM_DASHBOARD });
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

  // Login CSRF: another site's form posts text/plain or form data (a JSON-looking text/plain body
  // parses as JSON) and carries that site's origin; a cross-site fetch cannot send application/json
  // without a preflight this node never answers.
  type Forged = [name: string, status: number, code: string, headers: Record<string, string>, raw: string];
  const forged: Forged[] = [
    ['no Origin', 403, 'origin_mismatch', {}, JSON.stringify({ key: TEST_ADMIN_KEY })],
    ['another site’s Origin', 403, 'origin_mismatch', { origin: 'http://evil.example' }, JSON.stringify({ key: TEST_ADMIN_KEY })],
    ['another port of this host', 403, 'origin_mismatch', { origin: 'http://localhost:8080' }, JSON.stringify({ key: TEST_ADMIN_KEY })],
    ['the opaque origin "null"', 403, 'origin_mismatch', { origin: 'null' }, JSON.stringify({ key: TEST_ADMIN_KEY })],
    ['a text/plain form body that reads as JSON', 415, 'unsupported_media_type', { ...FROM_DASHBOARD, 'content-type': 'text/plain' }, `{"key":"${TEST_ADMIN_KEY}","x":"="}`],
    ['a url-encoded form', 415, 'unsupported_media_type', { ...FROM_DASHBOARD, 'content-type': 'application/x-www-form-urlencoded' }, `key=${TEST_ADMIN_KEY}`],
    ['a multipart form', 415, 'unsupported_media_type', { ...FROM_DASHBOARD, 'content-type': 'multipart/form-data; boundary=x' }, `--x\r\nContent-Disposition: form-data; name="key"\r\n\r\n${TEST_ADMIN_KEY}\r\n--x--`],
  ];

  it.each(forged)('refuses a sign-in with %s (%i %s) and sets no cookie', async (_name, status, code, headers, raw) => {
    const res = await api.post('/api/session', undefined, { key: null, rawBody: raw, headers });
    expectError(res, status, code);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('takes JSON with a charset', async () => {
    const res = await api.post('/api/session', undefined, { key: null, rawBody: JSON.stringify({ key: TEST_ADMIN_KEY }), headers: { ...FROM_DASHBOARD, 'content-type': 'application/json; charset=utf-8' } });
    expect(expectBody(res, 200, SessionState).signed_in).toBe(true);
  });

  it('keeps at most STIGMEM_MAX_SESSIONS_PER_KEY live sessions per key, ending the oldest', async () => {
    setEnv({ STIGMEM_MAX_SESSIONS_PER_KEY: '3' });
    try {
      const key = await createKey(['read'], ['local']);
      const cookies: string[] = [];
      for (let i = 0; i < 5; i++) cookies.push((await signIn(key.key)).cookie);
      const works = async (cookie: string) => (await api.get('/v1/facts', { key: null, headers: { cookie } })).status;
      expect(await Promise.all(cookies.map(works))).toEqual([401, 401, 200, 200, 200]);
      // Another key's sessions are its own.
      expect(await works((await signIn(TEST_ADMIN_KEY)).cookie)).toBe(200);
      expect(await works(cookies[4])).toBe(200);
    } finally {
      setEnv({ STIGMEM_MAX_SESSIONS_PER_KEY: undefined });
    }
  });

  type Case = [name: string, status: number, code: string, body: unknown, raw?: string];
  const cases: Case[] = [
    ['an unknown key', 401, 'unauthorized', { key: 'sk_unknown_000000000000000000000000000000' }],
    ['no key', 422, 'validation_error', {}],
    ['an empty key', 422, 'validation_error', { key: '' }],
    ['malformed JSON', 400, 'invalid_json', undefined, '{"key": '],
  ];

  it.each(cases)('refuses to sign in with %s (%i %s) and sets no cookie', async (_name, status, code, body, raw) => {
    const res = await api.post('/api/session', body, { key: null, rawBody: raw, headers: FROM_DASHBOARD });
    expectError(res, status, code);
    expect(ErrorBody.parse(res.body).detail.length).toBeGreaterThan(0);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
