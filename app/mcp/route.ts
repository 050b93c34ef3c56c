import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { authenticate } from '@/lib/auth/authenticate';
import type { Principal } from '@/lib/auth/principal';
import { toErrorResponse } from '@/lib/http/api-route';
import { auditRequest, newTrail } from '@/lib/http/audit-request';
import { assertJsonDepth, MAX_BODY_BYTES, readBodyText } from '@/lib/http/read-body';
import { NODE_VERSION } from '@/lib/node/node-info';
import { errorText, messageText, toHttpRequest, toolText, TOOLS } from '@/lib/mcp/tool-http.mjs';
import { TOOL_HANDLERS } from './tool-routes';

export const dynamic = 'force-dynamic';

// POST /mcp: MCP over streamable HTTP, stateless (a server and transport per request), with the
// official SDK. The Bearer key is checked once, as for /v1, and the route behind each tool runs for
// that caller, so the same permission and scope checks apply. Failures are tool results with
// isError, never a crash.

function mcpServer(principal: Principal, incoming: Request): Server {
  // The tool's route records its act in the audit log: with the caller's address, as for HTTP.
  const forwardedFor = incoming.headers.get('x-forwarded-for');
  const server = new Server({ name: 'stigmem-health', version: NODE_VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    const target = TOOL_HANDLERS[name];
    try {
      if (!target) throw new Error(`unknown tool ${name}`);
      const call = toHttpRequest(name, args);
      const headers: Record<string, string> = { 'content-type': 'application/json', ...call.headers, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) };
      const url = `http://mcp.internal${call.path}${call.query ? `?${call.query}` : ''}`;
      const params = target.param ? { [target.param]: Object.values(call.params)[0] } : {};
      const res = await target.handler.as(principal)(new Request(url, { method: call.method, headers, body: call.body }), { params: Promise.resolve(params) });
      const json = await res.json().catch(() => null);
      if (res.status >= 400) return { isError: true, content: [{ type: 'text' as const, text: errorText(res.status, json) }] };
      return { content: [{ type: 'text' as const, text: toolText(name, json) }] };
    } catch (error) {
      return { isError: true, content: [{ type: 'text' as const, text: messageText(error instanceof Error ? error.message : error) }] };
    }
  });
  return server;
}

/** The request again with its body read within the API's limits (lib/http/read-body.ts), for the transport to parse. */
async function boundedRequest(req: Request): Promise<Request> {
  if (req.method !== 'POST') return req;
  const text = await readBodyText(req, MAX_BODY_BYTES);
  assertJsonDepth(text);
  return new Request(req.url, { method: req.method, headers: req.headers, body: text });
}

async function handle(incoming: Request): Promise<Response> {
  let req: Request;
  let principal: Principal;
  try {
    principal = await authenticate(incoming);
    req = await boundedRequest(incoming);
  } catch (error) {
    const refused = toErrorResponse(error);
    // A refused caller is audited like one refused by any /v1 route.
    await auditRequest(undefined, newTrail(), incoming, refused);
    return refused;
  }
  const server = mcpServer(principal, incoming);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req);
  } finally {
    void server.close();
  }
}

export const POST = handle;
export const GET = handle;
export const DELETE = handle;
