import net from 'node:net';
import { expect, test } from '@playwright/test';
import { adminHeaders } from '../support/api';
import { E2E_ADMIN_KEY, E2E_PORT } from '../support/e2e-env';

// The input limits through the real server (docs/api.md § Limits): the HTTP tests cover every
// route through a stand-in router; these check what only Next itself can get wrong — its router
// decoding a malformed path before any handler runs, and bodies arriving over a real socket.

test.describe('hostile input against the real server', () => {
  for (const path of ['/v1/facts/%ZZ', '/v1/facts/%C0%AF', '/v1/facts/%E0%A4%A', '/v1/conflicts/%FF%FE', '/v1/conflicts/%ZZ/resolve', '/v1/decay/jobs/%E0%A4%A']) {
    test(`GET ${path} is a 400 invalid_path with the error body`, async ({ request }) => {
      const response = await request.get(path, { headers: adminHeaders });
      expect(response.status()).toBe(400);
      expect(await response.json()).toEqual({ error: 'invalid_path', detail: expect.any(String) });
    });
  }

  test('a malformed path on a write is refused the same way', async ({ request }) => {
    const response = await request.post('/v1/conflicts/%ZZ/resolve', { headers: adminHeaders, data: { resolution: 'note' } });
    expect(response.status()).toBe(400);
    expect((await response.json()).error).toBe('invalid_path');
  });

  test('bodies nested 100,000 deep are a 400 too_deep on /v1 and on /mcp', async ({ request }) => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    for (const path of ['/v1/facts', '/v1/facts/import', '/mcp']) {
      const response = await request.post(path, { headers: { ...adminHeaders, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, data: deep });
      expect(response.status(), path).toBe(400);
      expect(await response.json()).toEqual({ error: 'too_deep', detail: expect.any(String) });
    }
  });

  test('a body over the limit is a 413 and the server answers the next request', async ({ request }) => {
    const response = await request.post('/v1/lint', { headers: { ...adminHeaders, 'content-type': 'application/json' }, data: `{"scope":"${'x'.repeat(2 * 1024 * 1024)}"}` });
    expect(response.status()).toBe(413);
    expect((await response.json()).error).toBe('payload_too_large');
    expect((await request.get('/.well-known/stigmem')).status()).toBe(200);
  });

  test('a batch over 10 MB reaches the route whole (no proxy buffers it on the way)', async ({ request }) => {
    const suffix = Date.now().toString(36);
    const facts = Array.from({ length: 1000 }, (_, i) => ({ entity: `e2e:big:${suffix}:${i}`, relation: 'memory:note', value: { type: 'text', v: 'x'.repeat(12_000) }, source: 'e2e:playwright', scope: 'local' }));
    const response = await request.post('/v1/facts', { headers: { ...adminHeaders, 'content-type': 'application/json' }, data: JSON.stringify({ facts }) });
    expect(response.status(), (await response.text()).slice(0, 200)).toBe(201);
    expect(((await response.json()) as { facts: unknown[] }).facts).toHaveLength(1000);
  });

  test('a body sent too slowly is a 408 with the error body (STIGMEM_BODY_TIMEOUT_MS, 5 s here)', async () => {
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(E2E_PORT, '127.0.0.1', () => {
        socket.write(`POST /v1/facts HTTP/1.1\r\nHost: localhost:${E2E_PORT}\r\nAuthorization: Bearer ${E2E_ADMIN_KEY}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"entity":`);
      });
      // A byte a second: never the whole body.
      const drip = setInterval(() => socket.write(' '), 1000);
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
        if (text.includes('request_timeout')) {
          clearInterval(drip);
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`no answer: ${text}`)), 20_000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('"detail":"the request body did not arrive within 5 s');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  test('/metrics shows the embedded database heap the server really uses (one PGlite per process, whatever chunk asks)', async ({ request }) => {
    expect((await request.get('/v1/facts?limit=1', { headers: adminHeaders })).status()).toBe(200);
    const text = await (await request.get('/metrics', { headers: adminHeaders })).text();
    const heap = /^stigmem_pglite_heap_bytes (\d+)$/m.exec(text);
    expect(Number(heap?.[1])).toBeGreaterThan(16 * 1024 * 1024);
  });

  test('the dashboard pages still render through the proxy', async ({ request }) => {
    const response = await request.get('/sign-in');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
  });
});
