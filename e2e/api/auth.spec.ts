import { expect, test } from '@playwright/test';
import { adminHeaders, uniqueSuffix } from '../support/api';
import { E2E_ADMIN_KEY } from '../support/e2e-env';

test.describe('authentication', () => {
  const unauthorizedCases: { name: string; headers: Record<string, string> }[] = [
    { name: 'no credentials', headers: {} },
    { name: 'an unknown key', headers: { authorization: 'Bearer not-a-key-of-this-node-000000000000' } },
    { name: 'a malformed header', headers: { authorization: 'Token abc' } },
  ];
  for (const { name, headers } of unauthorizedCases) {
    test(`GET /v1/facts with ${name} answers 401 with error and detail`, async ({ request }) => {
      const response = await request.get('/v1/facts', { headers });
      expect(response.status()).toBe(401);
      const body = await response.json();
      expect(body).toEqual({ error: 'unauthorized', detail: expect.any(String) });
    });
  }

  test('the admin key asserts a fact and reads it back', async ({ request }) => {
    const entity = `e2e:api:${uniqueSuffix()}`;
    const created = await request.post('/v1/facts', {
      headers: adminHeaders,
      data: { entity, relation: 'status', value: { type: 'string', v: 'green' }, source: 'e2e:playwright', scope: 'local' },
    });
    expect(created.status()).toBe(201);
    const listed = await request.get(`/v1/facts?entity=${encodeURIComponent(entity)}`, { headers: adminHeaders });
    expect(listed.status()).toBe(200);
    const { facts } = await listed.json();
    expect(facts).toHaveLength(1);
    expect(facts[0]).toMatchObject({ entity, relation: 'status', value: { type: 'string', v: 'green' } });
  });

  test('a session cookie alone cannot change data without a matching Origin', async ({ playwright, baseURL }) => {
    const context = await playwright.request.newContext({ baseURL });
    try {
      expect((await context.post('/api/session', { data: { key: E2E_ADMIN_KEY }, headers: { origin: baseURL! } })).status()).toBe(200);
      expect((await context.get('/v1/facts')).status()).toBe(200);
      const write = await context.post('/v1/facts', {
        data: { entity: `e2e:csrf:${uniqueSuffix()}`, relation: 'x', value: { type: 'string', v: 'y' }, source: 'e2e:playwright' },
      });
      expect(write.status()).toBe(403);
      expect((await write.json()).error).toBe('origin_mismatch');
    } finally {
      await context.dispose();
    }
  });
});
