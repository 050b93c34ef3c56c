import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NextRequest } from 'next/server';
import { proxy } from '../../proxy';
import { TEST_ORIGIN } from './constants';

// A stand-in for Next's router in HTTP tests: finds every app/**/route.ts (new routes are picked
// up without touching the harness), matches a request path against the folder patterns the way
// Next does (static segments before [param] before [...catchAll]; route groups "(x)" and private
// "_x" folders are not part of the URL; params are percent-decoded once) and calls the exported
// method handler with a real Request and {params: Promise}. The root proxy.ts runs first, as in Next.

type Params = Record<string, string | string[]>;
type RouteHandler = (req: Request, ctx: { params: Promise<Params> }) => Promise<Response>;
type Segment = { kind: 'static'; text: string } | { kind: 'param'; name: string } | { kind: 'catchAll' | 'optionalCatchAll'; name: string };

export interface RouteEntry {
  /** The URL pattern, e.g. /v1/conflicts/[id]/resolve. */
  pattern: string;
  file: string;
  segments: Segment[];
}

const APP_DIR = path.resolve(__dirname, '..', '..', 'app');
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const RANK: Record<Segment['kind'], number> = { static: 0, param: 1, catchAll: 2, optionalCatchAll: 3 };

function findRouteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('_') || entry.name === 'node_modules' ? [] : findRouteFiles(full);
    return /^route\.(ts|js)$/.test(entry.name) ? [full] : [];
  });
}

function parseSegment(folder: string): Segment | null {
  if (/^\(.*\)$/.test(folder) || folder.startsWith('@')) return null;
  let match = /^\[\[\.\.\.(.+)\]\]$/.exec(folder);
  if (match) return { kind: 'optionalCatchAll', name: match[1] };
  match = /^\[\.\.\.(.+)\]$/.exec(folder);
  if (match) return { kind: 'catchAll', name: match[1] };
  match = /^\[(.+)\]$/.exec(folder);
  if (match) return { kind: 'param', name: match[1] };
  return { kind: 'static', text: folder };
}

function compareRoutes(a: RouteEntry, b: RouteEntry): number {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const left = a.segments[i];
    const right = b.segments[i];
    if (!left || !right) return left ? 1 : -1;
    if (RANK[left.kind] !== RANK[right.kind]) return RANK[left.kind] - RANK[right.kind];
  }
  return a.pattern.localeCompare(b.pattern);
}

let routeTable: RouteEntry[] | undefined;

/** Every route handler file under app/, most specific pattern first. */
export function routes(): RouteEntry[] {
  routeTable ??= findRouteFiles(APP_DIR)
    .map((file) => {
      const folders = path.relative(APP_DIR, path.dirname(file)).split(path.sep).filter(Boolean);
      const segments = folders.map(parseSegment).filter((s): s is Segment => s !== null);
      const pattern = `/${folders.filter((f) => parseSegment(f) !== null).join('/')}`;
      return { pattern, file, segments };
    })
    .sort(compareRoutes);
  return routeTable;
}

class DecodeError extends Error {}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new DecodeError(`failed to decode param ${segment}`);
  }
}

function matchSegments(segments: Segment[], parts: string[]): Params | null {
  const params: Params = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment.kind === 'catchAll' || segment.kind === 'optionalCatchAll') {
      const rest = parts.slice(i);
      if (!rest.length && segment.kind === 'catchAll') return null;
      if (rest.length) params[segment.name] = rest.map(decode);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.kind === 'static' ? part !== segment.text : !part) return null;
    if (segment.kind === 'param') params[segment.name] = decode(part);
  }
  return parts.length === segments.length ? params : null;
}

/** The route and params a path resolves to, or null (Next's 404). */
export function matchRoute(pathname: string): { route: RouteEntry; params: Params } | null {
  const parts = pathname.split('/').filter(Boolean);
  for (const route of routes()) {
    const params = matchSegments(route.segments, parts);
    if (params) return { route, params };
  }
  return null;
}

const modules = new Map<string, Promise<Record<string, unknown>>>();

function loadRoute(file: string): Promise<Record<string, unknown>> {
  let loaded = modules.get(file);
  if (!loaded) {
    loaded = import(/* @vite-ignore */ pathToFileURL(file).href) as Promise<Record<string, unknown>>;
    modules.set(file, loaded);
  }
  return loaded;
}

/** The headers a proxy's NextResponse.next() adds to the answer (Next merges them; x-middleware-* are its own signals). */
function proxyHeaders(proxied: Response): [string, string][] {
  return [...proxied.headers].filter(([name]) => !name.startsWith('x-middleware-'));
}

/** Sends one request through the matching route handler; unknown paths answer Next's 404, unexported methods its empty 405. */
export async function dispatch(method: string, target: string, init: { headers?: HeadersInit; body?: string } = {}): Promise<Response> {
  const url = new URL(target, TEST_ORIGIN);
  const headers = new Headers(init.headers);
  if (!headers.has('host')) headers.set('host', url.host);
  const req = new Request(url, { method, headers, body: init.body });
  // The root proxy.ts runs before Next's router, as in the real server: it answers itself, or lets
  // the request through (with headers for the answer, for a page). Its matcher is Next's business:
  // here it sees every request.
  const proxied = proxy(new NextRequest(req.url, { method, headers }));
  if (proxied && !proxied.headers.has('x-middleware-next')) return proxied;
  if (!proxied) return route(method, url, req);
  const res = await route(method, url, req);
  const merged = new Headers(res.headers);
  for (const [name, value] of proxyHeaders(proxied)) merged.set(name, value);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: merged });
}

async function route(method: string, url: URL, req: Request): Promise<Response> {
  let matched: ReturnType<typeof matchRoute>;
  try {
    matched = matchRoute(url.pathname);
  } catch (error) {
    // What Next does when a param does not decode and nothing caught it before.
    if (error instanceof DecodeError) return new Response('Internal Server Error', { status: 500 });
    throw error;
  }
  if (!matched) return new Response('Not Found', { status: 404 });
  const module = await loadRoute(matched.route.file);
  const verb = method.toUpperCase();
  let handler = module[verb];
  // As Next's autoImplementMethods: HEAD runs GET, OPTIONS lists the exported methods, and any
  // other method a route does not export is an empty 405 without Allow (which is why /v1 routes
  // export every method, lib/http/method-not-allowed.ts).
  if (typeof handler !== 'function' && verb === 'HEAD') handler = module.GET;
  if (typeof handler !== 'function' && verb === 'OPTIONS') {
    const exported = METHODS.filter((m) => typeof module[m] === 'function');
    const allow = [...new Set(['OPTIONS', ...exported, ...(exported.includes('GET') ? ['HEAD'] : [])])].sort().join(', ');
    return new Response(null, { status: 204, headers: { allow } });
  }
  if (typeof handler !== 'function') return new Response(null, { status: 405 });
  return (handler as RouteHandler)(req, { params: Promise.resolve(matched.params) });
}
