import { expect, it } from 'vitest';
import { NodeInfo } from '../schemas';
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
    expect(first.namespaces).toContain('stigmem');
    expect(first.capabilities).toEqual(expect.arrayContaining(['facts', 'facts.import', 'conflicts', 'conflicts.dismiss', 'auth.keys']));
  });
});
