import { afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import { api, describeHttp, expectBody, setEnv, TEST_ADMIN_KEY } from '../harness';

// GET /v1/doctor (docs/api.md § Node): an unauthenticated posture check whose every value is a word
// from a fixed set — never a key, secret, scope, entity, URL or count.

const Doctor = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string().min(1),
    database: z.enum(['ok', 'unavailable']),
    storage: z.enum(['postgres', 'embedded']),
    auth: z.enum(['required', 'none']),
    scope_acl: z.enum(['enforced', 'open']),
    federation: z.literal('disabled'),
    source_attestation: z.literal('off'),
    metrics: z.enum(['public', 'key_required']),
    node_url: z.enum(['configured', 'from_request']),
    scheduler: z.enum(['on', 'off']),
  })
  .strict();

describeHttp('GET /v1/doctor', () => {
  const original = { STIGMEM_METRICS_PUBLIC: process.env.STIGMEM_METRICS_PUBLIC, STIGMEM_NODE_URL: process.env.STIGMEM_NODE_URL };
  afterEach(() => setEnv(original));

  it('answers without a key, every value a string', async () => {
    const res = await api.get('/v1/doctor', { key: null });
    const report = expectBody(res, 200, Doctor);
    expect(report).toMatchObject({ status: 'ok', database: 'ok', auth: 'required', scope_acl: 'enforced', metrics: 'key_required', node_url: 'from_request' });
    expect(Object.values(res.body as object).every((value) => typeof value === 'string')).toBe(true);
    // A key sent along changes nothing, and is never echoed.
    const withKey = await api.get('/v1/doctor');
    expect(withKey.body).toEqual(res.body);
    expect(JSON.stringify(withKey.body)).not.toContain(TEST_ADMIN_KEY.slice(0, 12));
  });

  it('reports the posture the configuration sets, and names no URL', async () => {
    setEnv({ STIGMEM_METRICS_PUBLIC: 'true', STIGMEM_NODE_URL: 'https://secret-host.example.internal:8443' });
    const res = await api.get('/v1/doctor', { key: null });
    expect(expectBody(res, 200, Doctor)).toMatchObject({ metrics: 'public', node_url: 'configured' });
    expect(JSON.stringify(res.body)).not.toMatch(/secret-host|example|postgres:\/\/|data\//);
  });

  it('answers 405 to anything but GET', async () => {
    expect((await api.post('/v1/doctor', {}, { key: null })).status).toBe(405);
  });
});
