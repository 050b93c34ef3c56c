import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ensureNodeSetup } from '@/lib/node/node-setup';
import { dispatch } from './harness/dispatch';

// A real HTTP listener on 127.0.0.1 in front of the route handlers (through the test dispatcher),
// for clients that need a URL: the MCP SDK client, the stdio adapter child process, the middleware.
// Also fake nodes (failing, slow) for the adapters' error paths. Every request is counted by path.

export interface TestServer {
  url: string;
  hits: Map<string, number>;
  close(): Promise<void>;
}

async function listen(handler: (req: IncomingMessage, body: string, res: ServerResponse) => Promise<void>): Promise<TestServer> {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      handler(req, Buffer.concat(chunks).toString('utf8'), res).catch((error) => {
        res.statusCode = 599;
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** This node's real handlers behind a real port, after the node's start-up (as instrumentation-node.ts). */
export async function startNodeServer(): Promise<TestServer> {
  await ensureNodeSetup();
  return listen(async (req, body, res) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    const answer = await dispatch(req.method ?? 'GET', req.url ?? '/', { headers, body: body || undefined });
    res.statusCode = answer.status;
    answer.headers.forEach((value, key) => res.setHeader(key, value));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
}

/** A node that answers node info, then `status` (after `delayMs`) to everything else. */
export function startFakeNode(status: number, delayMs = 0): Promise<TestServer> {
  return listen(async (req, _body, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/stigmem') {
      res.end(JSON.stringify({ version: '0.9.0a2', node_id: 'fake', node_url: 'http://fake', auth: 'required', federation: 'disabled' }));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    res.statusCode = status;
    res.end(JSON.stringify(status >= 400 ? { error: 'fake_failure', detail: `the fake node answers ${status}` } : { facts: [], cursor: null }));
  });
}
