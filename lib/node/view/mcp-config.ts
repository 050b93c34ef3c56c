// How an MCP client connects to this node (node page): the endpoint, the header, and ready-made
// client configs for the HTTP transport and for the stdio adapter bin (docs/api.md § MCP).

export const KEY_PLACEHOLDER = '<your key>';

export function mcpUrl(nodeUrl: string): string {
  return `${nodeUrl.replace(/\/+$/, '')}/mcp`;
}

export function authHeader(key = KEY_PLACEHOLDER): string {
  return `Authorization: Bearer ${key}`;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** For clients that speak streamable HTTP themselves. Without auth the header is left out. */
export function httpClientConfig(nodeUrl: string, authRequired: boolean): string {
  return json({
    mcpServers: {
      stigmem: { type: 'http', url: mcpUrl(nodeUrl), ...(authRequired ? { headers: { Authorization: `Bearer ${KEY_PLACEHOLDER}` } } : {}) },
    },
  });
}

/** For clients that only run stdio servers: the stigmem-health-mcp bin forwards to the node. */
export function stdioClientConfig(nodeUrl: string, authRequired: boolean): string {
  return json({
    mcpServers: {
      stigmem: {
        command: 'npx',
        args: ['stigmem-health-mcp'],
        env: { STIGMEM_URL: nodeUrl.replace(/\/+$/, ''), ...(authRequired ? { STIGMEM_API_KEY: KEY_PLACEHOLDER } : {}) },
      },
    },
  });
}
