import { describe, expect, it } from 'vitest';
import { importCurl, readFactsCurl, writeFactCurl } from './first-run-snippets';

describe('first-run snippets', () => {
  it("use the node's own URL and carry the key header only when the node needs one", () => {
    const withKey = writeFactCurl('https://kb.example.org/', true);
    expect(withKey).toContain('curl -X POST https://kb.example.org/v1/facts');
    expect(withKey).toContain('Authorization: Bearer <your key>');
    expect(writeFactCurl('http://localhost:3000', false)).not.toContain('Authorization');
    expect(importCurl('http://localhost:3000', true)).toContain('http://localhost:3000/v1/facts/import');
  });

  it('write a body the API accepts: one JSON fact', () => {
    const body = /-d '(.*)'$/.exec(writeFactCurl('http://x', false))?.[1];
    expect(JSON.parse(body!)).toMatchObject({ entity: 'stigmem://acme/project/apollo', scope: 'team', value: { type: 'string', v: 'active' } });
  });

  it('read back the fact it wrote', () => {
    expect(readFactsCurl('http://x', false)).toContain('entity=stigmem%3A%2F%2Facme%2Fproject%2Fapollo');
  });
});
