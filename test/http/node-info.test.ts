import { expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { storedNodeId } from '@/lib/node/node-setup';
import { NodeInfo } from '@/lib/wire/records';
import { api, describeHttp, expectBody, TEST_ORIGIN } from '../harness';

describeHttp('GET /.well-known/stigmem', () => {
  it('describes the node without a key, with a node_id stable across calls', async () => {
    const first = expectBody(await api.get('/.well-known/stigmem', { key: null }), 200, NodeInfo);
    const second = expectBody(await api.get('/.well-known/stigmem', { key: null }), 200, NodeInfo);
    expect(second.node_id).toBe(first.node_id);
    expect(first).toMatchObject({
      node_url: TEST_ORIGIN,
      auth: 'required',
      federation: 'disabled',
      source_attestation: 'off',
    });
    expect(first.spec).toBe(`v${first.version}`);
    // With the trailing colon, as the reference node lists them.
    expect(first.namespaces).toEqual(expect.arrayContaining(['memory:', 'stigmem:']));
    expect(first.capabilities).toEqual(expect.arrayContaining(['facts', 'facts.import', 'conflicts', 'conflicts.dismiss', 'auth.keys']));
  });

  const nodeUrl = async (headers: Record<string, string>) => expectBody(await api.get('/.well-known/stigmem', { key: null, headers }), 200, NodeInfo).node_url;

  it('names the origin the client used: Host, or X-Forwarded-Host with X-Forwarded-Proto', async () => {
    expect(await nodeUrl({ host: 'memory.example.org' })).toBe('http://memory.example.org');
    expect(await nodeUrl({ host: 'Memory.Example.org:8443', 'x-forwarded-proto': 'https' })).toBe('https://memory.example.org:8443');
    expect(await nodeUrl({ host: 'internal:3000', 'x-forwarded-host': 'node.example.com, proxy.internal', 'x-forwarded-proto': 'https,http' })).toBe('https://node.example.com');
    expect(await nodeUrl({ host: '10.0.0.7:3000' })).toBe('http://10.0.0.7:3000');
    expect(await nodeUrl({ host: '[::1]:3000' })).toBe('http://[::1]:3000');
  });

  it('treats the host headers as untrusted: anything but a host[:port] falls back', async () => {
    for (const host of ['evil.example@attacker.test', 'a.test/path', 'a.test:99999', 'a b.test', 'a.test:80:80', '-bad.test', 'a.test?x=1', '[zz]:80', '<script>', '']) {
      expect(await nodeUrl({ 'x-forwarded-host': host }), host).toBe(TEST_ORIGIN);
    }
    // A bad forwarded host falls back to a good Host; a proto other than http(s) to the request's own.
    expect(await nodeUrl({ 'x-forwarded-host': 'x@y', host: 'ok.example' })).toBe('http://ok.example');
    expect(await nodeUrl({ host: 'ok.example', 'x-forwarded-proto': 'javascript' })).toBe('http://ok.example');
  });
});

describeHttp('the stored node id', () => {
  // Instances starting at once on a fresh database each make it; one stopped at start on the
  // primary key when two inserted (seen in test/cluster under load).
  it('is made once when many ask at once on a database without one, and every one gets it', async () => {
    const db = await getDb();
    const before = await storedNodeId();
    try {
      for (let round = 0; round < 5; round++) {
        await db.nodeMeta.deleteMany({ where: { key: 'node_id' } });
        const ids = await Promise.all(Array.from({ length: 8 }, () => storedNodeId()));
        expect(new Set(ids).size).toBe(1);
        expect(await db.nodeMeta.count({ where: { key: 'node_id' } })).toBe(1);
      }
    } finally {
      await db.nodeMeta.upsert({ where: { key: 'node_id' }, create: { key: 'node_id', value: before }, update: { value: before } });
    }
  });
});
