#!/usr/bin/env node
// stigmem-health-mcp — Spec-19 process-mode adapter (archetype: process-mode, fail fast).
// An MCP server over stdio that forwards every tool call to a Stigmem node over HTTP: this node or
// any other implementation of the protocol.
//
//   STIGMEM_URL       required: base URL of the node (exit 1 with a message when absent)
//   STIGMEM_API_KEY   the API key, when the node requires auth
//   STIGMEM_TIMEOUT_MS  per request, default 15000
//
// At start it probes GET /.well-known/stigmem; a node that is down or whose answer lacks a
// required field (version, node_id, node_url, auth, federation) is a failed probe: logged to stderr,
// and tool calls fail with an adapter-level error until a later probe succeeds. HTTP 4xx → an error
// result at once; 5xx (or no answer) → one retry, then an error result. Logs go to stderr only:
// stdout carries the MCP protocol.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { errorText, messageText, toHttpRequest, toolText, TOOLS } from '../lib/mcp/tool-http.mjs';

const log = (level, message) => process.stderr.write(`[stigmem-health-mcp] ${level}: ${message}\n`);

const baseUrl = process.env.STIGMEM_URL?.trim();
if (!baseUrl) {
  log('error', 'STIGMEM_URL is not set: it must name the Stigmem node to bridge to (e.g. http://localhost:3000)');
  process.exit(1);
}
const apiKey = process.env.STIGMEM_API_KEY?.trim();
const timeoutMs = Number(process.env.STIGMEM_TIMEOUT_MS ?? 15000);
const REQUIRED = ['version', 'node_id', 'node_url', 'auth', 'federation'];

async function send(method, path, query, body, extraHeaders = {}) {
  const headers = { accept: 'application/json', ...extraHeaders };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  const url = new URL(`${path}${query ? `?${query}` : ''}`, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
  const json = await res.json().catch(() => null);
  return { status: res.status, json };
}

let probe = { ok: false, reason: 'not probed yet' };

async function runProbe() {
  try {
    const { status, json } = await send('GET', '/.well-known/stigmem');
    const missing = json && typeof json === 'object' ? REQUIRED.filter((field) => typeof json[field] !== 'string' || !json[field]) : REQUIRED;
    if (status !== 200 || missing.length) {
      probe = { ok: false, reason: status !== 200 ? `GET /.well-known/stigmem answered ${status}` : `node info lacks ${missing.join(', ')}` };
    } else {
      probe = { ok: true, info: json };
    }
  } catch (error) {
    probe = { ok: false, reason: `node unreachable at ${baseUrl}: ${error.cause?.code ?? error.message}` };
  }
  if (probe.ok) log('info', `connected to node ${probe.info.node_id} (${probe.info.node_url}, auth ${probe.info.auth})`);
  else log('error', `boot probe failed: ${probe.reason}`);
  return probe;
}

/** 4xx: no retry; 5xx or no answer: one retry. */
async function forward(method, path, query, body, headers) {
  let last;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      last = await send(method, path, query, body, headers);
      if (last.status < 500) return last;
      log('warning', `${method} ${path} answered ${last.status}${attempt === 0 ? '; retrying once' : ''}`);
    } catch (error) {
      last = { status: 0, json: { error: 'node_unreachable', detail: `no answer from ${baseUrl}: ${error.cause?.code ?? error.message}` } };
      log('warning', `${method} ${path} failed: ${last.json.detail}${attempt === 0 ? '; retrying once' : ''}`);
    }
  }
  return last;
}

const server = new Server({ name: 'stigmem-health-mcp', version: '0.1.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  const fail = (text) => ({ isError: true, content: [{ type: 'text', text: messageText(text) }] });
  if (!probe.ok && !(await runProbe()).ok) return fail(`adapter: the Stigmem node is not available (${probe.reason})`);
  let call;
  try {
    call = toHttpRequest(name, args);
  } catch (error) {
    return fail(error.message);
  }
  const { status, json } = await forward(call.method, call.path, call.query, call.body, call.headers);
  if (status === 0 || status >= 400) return fail(errorText(status, json));
  return { content: [{ type: 'text', text: toolText(name, json) }] };
});

await runProbe();
await server.connect(new StdioServerTransport());
