import { expect, test } from '@playwright/test';
import { adminHeaders, uniqueSuffix } from '../support/api';

// What the official Stigmem SDK and MCP adapter send, through the real Next server (its router, its
// 308 for paths holding "//", its handling of unexported methods), not the test dispatcher.

test.describe('official client calls through Next', () => {
  test('GET /v1/cards/<raw entity URI> reaches the card after Next collapses "//"', async ({ request }) => {
    const entity = `stigmem://e2e-${uniqueSuffix()}/user/alice`;
    const created = await request.post('/v1/facts', {
      headers: adminHeaders,
      data: { entity, relation: 'memory:role', value: { type: 'string', v: 'CTO' }, source: 'agent:e2e', scope: 'local' },
    });
    expect(created.status()).toBe(201);
    for (const path of [`/v1/cards/${entity}?scope=local`, `/v1/cards/${encodeURIComponent(entity)}?scope=local&refresh=true`]) {
      const card = await request.get(path, { headers: adminHeaders });
      expect(card.status(), path).toBe(200);
      expect(await card.json()).toMatchObject({ entity_uri: entity, scope: 'local', has_contradictions: false, is_stale: false });
    }
    const recall = await request.post('/v1/recall', { headers: { ...adminHeaders, 'Stigmem-Session': 'e2e' }, data: { query: entity.split('/')[2], scope: 'local' } });
    expect(recall.status()).toBe(200);
    expect((await recall.json()).facts[0].fact).toMatchObject({ entity, attested: null });
  });

  test('unknown /v1 paths and wrong methods answer JSON, with Allow on a 405', async ({ request }) => {
    const unknown = await request.get('/v1/no-such-endpoint', { headers: adminHeaders });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', detail: expect.any(String) });
    const wrong = await request.put('/v1/facts', { headers: adminHeaders, data: {} });
    expect(wrong.status()).toBe(405);
    expect(wrong.headers()['allow']).toBe('GET, HEAD, OPTIONS, POST');
    expect(await wrong.json()).toEqual({ error: 'method_not_allowed', detail: expect.any(String) });
  });

  test('/healthz without a key, /v1/me and /v1/federation/peers with one', async ({ request }) => {
    const health = await request.get('/healthz');
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(await (await request.get('/v1/federation/peers', { headers: adminHeaders })).json()).toEqual({ peers: [] });
    expect(await (await request.get('/v1/me', { headers: adminHeaders })).json()).toMatchObject({ permissions: expect.arrayContaining(['admin']) });
  });
});
