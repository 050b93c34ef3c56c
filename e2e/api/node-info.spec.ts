import { expect, test } from '@playwright/test';

test.describe('node info', () => {
  test('GET /.well-known/stigmem describes the node without a key', async ({ request }) => {
    const response = await request.get('/.well-known/stigmem');
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.auth).toBe('required');
    expect(body.capabilities).toEqual(expect.arrayContaining(['facts', 'conflicts', 'auth.keys']));
    expect(body.node_id).toEqual(expect.any(String));
  });
});
