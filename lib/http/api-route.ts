import { z } from 'zod';
import { authenticate } from '../auth/authenticate';
import type { Principal } from '../auth/principal';
import { ensureNodeSetup } from '../node/node-setup';
import { observeRequest } from '../metrics/registry';
import { ApiError } from './api-error';
import { databaseErrorResponse } from './database-error';
import { ClientGone, MAX_BODY_BYTES, readJsonBody } from './read-body';

// The one route wrapper every handler uses (docs/architecture.md § Conventions): authenticate, parse the JSON body and the
// query string with zod, call the domain, and map every error to {"error","detail"}.

export interface RouteContext<B, Q> {
  req: Request;
  body: B;
  query: Q;
  params: Record<string, string>;
  principal: Principal;
}

interface RouteOptions<B, Q> {
  /** false for public endpoints (node info, sign-in). */
  auth?: boolean;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  /** Status for a zod validation failure: 422 by default, 400 where the spec section says so. */
  invalidStatus?: 400 | 422;
  /** Success status when the handler returns plain data. */
  status?: number;
  /** Largest accepted body: MAX_BODY_BYTES unless the route takes batches (lib/http/read-body.ts). */
  maxBodyBytes?: number;
  handler: (ctx: RouteContext<B, Q>) => Promise<unknown>;
}

export function errorResponse(status: number, error: string, detail: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ error, detail, ...extra }, { status });
}

export function describeZodError(error: z.ZodError, prefix = ''): string {
  const issue = error.issues[0];
  const path = issue.path.map(String).join('.');
  return `${prefix}${path ? `${path}: ` : ''}${issue.message}`;
}

/** PostgreSQL text cannot hold NUL, and unpaired UTF-16 surrogates are not Unicode (they would be stored altered). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The path of the first string in `value` that the database cannot store as given, or null. */
function findUnstorableText(value: unknown, path: string): string | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findUnstorableText(item, Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

function refuseUnstorableText(value: unknown, where: string): void {
  const path = findUnstorableText(value, '');
  if (path !== null) throw new ApiError(422, 'validation_error', `${path ? `${where} ${path}` : where}: must not contain NUL characters or unpaired surrogates`);
}

/** A client that hung up gets no answer worth sending; the status only shows in the metrics. */
const CLIENT_CLOSED_REQUEST = 499;

export function toErrorResponse(error: unknown, invalidStatus = 422): Response {
  if (error instanceof ApiError) return errorResponse(error.status, error.code, error.message, error.extra);
  if (error instanceof z.ZodError) return errorResponse(invalidStatus, 'validation_error', describeZodError(error));
  const code = (error as { code?: string })?.code;
  if (code === 'P2025') return errorResponse(404, 'not_found', 'no such record');
  if (code === 'P2002') return errorResponse(409, 'already_exists', 'a record with this identity already exists');
  if (error instanceof URIError) return errorResponse(400, 'invalid_path', 'the request path holds a malformed percent-encoding');
  // Only a body the client stopped sending: a database connection reset is the server's problem.
  if (error instanceof ClientGone) {
    console.debug('[stigmem] client disconnected mid-request');
    return new Response(null, { status: CLIENT_CLOSED_REQUEST });
  }
  const database = databaseErrorResponse(error);
  if (database) return database;
  console.error('[stigmem] unhandled error', error);
  return errorResponse(500, 'internal_error', 'the node failed to handle this request; the cause is in the server log');
}

export function apiRoute<B = undefined, Q = undefined>(options: RouteOptions<B, Q>) {
  const invalidStatus = options.invalidStatus ?? 422;
  const handle = route(options, invalidStatus);
  // Every API request is counted and timed by route pattern for GET /metrics.
  return async (req: Request, context?: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    const started = performance.now();
    const res = await handle(req, context);
    await observeRequest(req, context?.params, res.status, (performance.now() - started) / 1000);
    return res;
  };
}

function route<B, Q>(options: RouteOptions<B, Q>, invalidStatus: number) {
  return async (req: Request, context?: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    try {
      const principal = options.auth === false ? await ensureNodeSetup().then(() => null) : await authenticate(req);
      const rawParams = (await context?.params) ?? {};
      const params: Record<string, string> = {};
      // Next hands route handlers their params percent-decoded once (a conflict id arrives with its
      // colons); decoding again would turn an id holding "%41" into "A".
      for (const [key, value] of Object.entries(rawParams)) params[key] = Array.isArray(value) ? value.join('/') : value;
      refuseUnstorableText(params, 'path');
      const url = new URL(req.url);
      const rawQuery = Object.fromEntries(url.searchParams);
      refuseUnstorableText(rawQuery, 'query');
      const query = options.query ? options.query.parse(rawQuery) : (undefined as Q);
      const rawBody = options.body ? await readJsonBody(req, options.maxBodyBytes ?? MAX_BODY_BYTES) : undefined;
      refuseUnstorableText(rawBody, 'body');
      const body = options.body ? options.body.parse(rawBody) : (undefined as B);
      const result = await options.handler({ req, body, query, params, principal: principal as Principal });
      if (result instanceof Response) return result;
      return Response.json(result, { status: options.status ?? 200 });
    } catch (error) {
      return toErrorResponse(error, invalidStatus);
    }
  };
}
