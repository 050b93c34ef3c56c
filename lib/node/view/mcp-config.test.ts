import { describe, expect, it } from 'vitest';
import { authHeader, httpClientConfig, mcpUrl, stdioClientConfig } from './mcp-config';

describe('MCP client configs', () => {
  it('points at <origin>/mcp with the Bearer header', () => {
    expect(mcpUrl('http://localhost:3000/')).toBe('http://localhost:3000/mcp');
    expect(authHeader()).toBe('Authorization: Bearer <your key>');
    expect(JSON.parse(httpClientConfig('http://localhost:3000', true))).toEqual({
      mcpServers: { stigmem: { type: 'http', url: 'http://localhost:3000/mcp', headers: { Authorization: 'Bearer <your key>' } } },
    });
  });

  it('runs the stdio adapter with the node URL and key', () => {
    expect(JSON.parse(stdioClientConfig('https://node.example/', true))).toEqual({
      mcpServers: { stigmem: { command: 'npx', args: ['stigmem-health-mcp'], env: { STIGMEM_URL: 'https://node.example', STIGMEM_API_KEY: '<your key>' } } },
    });
  });

  it('leaves the key out when the node needs none', () => {
    expect(httpClientConfig('http://localhost:3000', false)).not.toContain('Authorization');
    expect(stdioClientConfig('http://localhost:3000', false)).not.toContain('STIGMEM_API_KEY');
  });
});
