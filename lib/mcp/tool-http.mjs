// How each MCP tool maps onto the Stigmem HTTP API. Plain JavaScript so that both transports use
// the same table: the node's own /mcp endpoint (in-process, app/mcp/) and the stdio adapter
// bin/stigmem-health-mcp.mjs (over HTTP to any Stigmem node).
import { createRequire } from 'node:module';
import { agentJson, inertLine } from '../text/inert-text.mjs';

const require = createRequire(import.meta.url);
/** Tool definitions: lint_scope, decay_scope and synthesize_scope verbatim from the spec sections. */
export const TOOLS = require('./tool-definitions.json').tools;

const ROUTES = {
  lint_scope: { method: 'POST', path: '/v1/lint' },
  decay_scope: { method: 'POST', path: '/v1/decay/sweep' },
  synthesize_scope: { method: 'POST', path: '/v1/synthesis' },
  resolve_contradiction: { method: 'POST', path: '/v1/conflicts/{conflict_id}/resolve' },
  assert_fact: { method: 'POST', path: '/v1/facts' },
  query_facts: { method: 'GET', path: '/v1/facts' },
  recall: { method: 'POST', path: '/v1/recall' },
  list_conflicts: { method: 'GET', path: '/v1/conflicts' },
  get_context: { method: 'POST', path: '/v1/context' },
  health_history: { method: 'GET', path: '/v1/health/runs' },
};

/** A FactValue given as a JSON string is parsed (agents often stringify nested objects). */
function parseValue(value, name) {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new Error(`${name} must be a FactValue object or a JSON string of one, e.g. {"type":"string","v":"CTO"}`);
  }
}

/** An object argument given as a JSON string (the official adapter accepts both) is parsed. */
function parseObject(value, name) {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new Error(`${name} must be an object or a JSON string of one`);
  }
}

/** → {method, path, query, body, params, headers} for a tool call; throws Error with a message for bad calls. */
export function toHttpRequest(name, rawArgs) {
  const route = ROUTES[name];
  if (!route) throw new Error(`unknown tool ${name}`);
  const args = { ...(rawArgs ?? {}) };
  const params = {};
  let path = route.path;
  for (const [, key] of route.path.matchAll(/\{(\w+)\}/g)) {
    if (typeof args[key] !== 'string' || !args[key]) throw new Error(`${key} is required`);
    params[key] = args[key];
    path = path.replace(`{${key}}`, encodeURIComponent(args[key]));
    delete args[key];
  }
  if ('new_value' in args) args.new_value = parseValue(args.new_value, 'new_value');
  if (name === 'assert_fact' && 'value' in args) args.value = parseValue(args.value, 'value');
  if (name === 'resolve_contradiction' && args.resolution_note === undefined) args.resolution_note = '';
  if (name === 'recall' && 'weights' in args) args.weights = parseObject(args.weights, 'weights');
  // The official adapter's session_id argument travels as the Stigmem-Session header, on any tool.
  const headers = {};
  if (typeof args.session_id === 'string' && args.session_id) headers['stigmem-session'] = args.session_id;
  delete args.session_id;
  if (route.method === 'GET') {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(args)) if (value !== undefined && value !== null) query.set(key, String(value));
    return { method: 'GET', path, query: query.toString(), body: undefined, params, headers };
  }
  return { method: route.method, path, query: '', body: JSON.stringify(args), params, headers };
}

// Tool text is text for a model, so it goes through the structural channel (lib/agent-text): JSON
// with every line-breaking or hidden character written as a \u escape (the same value when parsed),
// get_context's Markdown block as the node rendered it, messages as one inert line.

/** The tool's text result for a successful answer: the same JSON as the route; get_context its Markdown. */
export function toolText(name, json) {
  if (name === 'get_context') return json && typeof json.summary === 'string' ? json.summary : '';
  return agentJson(json);
}

/** A failure's message (a thrown error, an unknown tool) as one inert line. */
export function messageText(message) {
  return inertLine(String(message)).text;
}

/** The message of an error answer: the node's `detail` (the SDKs read it), else the status. */
export function errorText(status, json) {
  const detail = json && typeof json === 'object' && typeof json.detail === 'string' ? json.detail : null;
  const code = json && typeof json === 'object' && typeof json.error === 'string' ? json.error : `http_${status}`;
  return messageText(detail ? `${code}: ${detail}` : `${code} (HTTP ${status})`);
}
