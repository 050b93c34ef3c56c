import { authHeader, httpClientConfig, mcpUrl, stdioClientConfig } from '@/lib/node/view/mcp-config';
import { cardStyles } from '../ui/styles';
import { CopyableCode } from './CopyableCode';

/** How to connect an MCP client: the endpoint, the header, and two ready-made client configs. */
export function McpConnectPanel({ nodeUrl, authRequired }: { nodeUrl: string; authRequired: boolean }) {
  return (
    <section aria-labelledby="mcp-connect-title" data-testid="mcp-connect" className={`${cardStyles} p-5`}>
      <h2 id="mcp-connect-title" className="text-base font-semibold text-slate-900">
        Connect an MCP client
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Agents reach every health operation over MCP (streamable HTTP, stateless) with the same key, permissions and scope checks as the <code className="font-mono text-xs">/v1</code> API.
        {authRequired ? ' Replace <your key> with an API key; create one on the Keys page (admin).' : ' This node runs without authentication, so no key is needed.'}
      </p>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <CopyableCode title="MCP endpoint" text={mcpUrl(nodeUrl)} copyLabel="Copy MCP URL" testId="mcp-url" />
        {authRequired ? <CopyableCode title="Header" text={authHeader()} copyLabel="Copy header" testId="mcp-header" /> : null}
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="min-w-0">
          <CopyableCode title="Client config: HTTP" text={httpClientConfig(nodeUrl, authRequired)} copyLabel="Copy HTTP client config" testId="mcp-config-http" block />
          <p className="mt-1 text-xs text-slate-500">For clients that speak streamable HTTP (an <code className="font-mono">mcpServers</code> entry of type http).</p>
        </div>
        <div className="min-w-0">
          <CopyableCode title="Client config: stdio adapter" text={stdioClientConfig(nodeUrl, authRequired)} copyLabel="Copy stdio adapter config" testId="mcp-config-stdio" block />
          <p className="mt-1 text-xs text-slate-500">
            For clients that only start local servers: the <code className="font-mono">stigmem-health-mcp</code> bin forwards over HTTP (it probes{' '}
            <code className="font-mono">/.well-known/stigmem</code> at start and exits when <code className="font-mono">STIGMEM_URL</code> is missing).
          </p>
        </div>
      </div>
    </section>
  );
}
