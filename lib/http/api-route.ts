import { z } from 'zod';
import { authenticate } from '../auth/authenticate';
import { authorizeGrant, authorizeReach, GLOBAL } from '../auth/authority';
import { ANONYMOUS_PRINCIPAL, authorize, type Permission, type Principal, scopesWith } from '../auth/principal';
import { badRequest, DomainError, unprocessable } from '../errors/domain-error';
import { FACT_SCOPES, type FactScope } from '../facts/scope';
import { logger } from '../observability/logger';
import { observeApiRequest } from './observe-api-request';
import { failActiveSpan } from '../observability/tracing';
import { type AuditNote, type AuditSpec, auditRequest, newTrail, type RequestTrail } from './audit-request';
import { databaseErrorResponse } from './database-error';
import { STATUS_OF_KIND } from './error-status';
import { ClientGone, MAX_BODY_BYTES, readJsonBody } from './read-body';
import { checkResponse, responseChecksOn } from './response-check';

// The one route wrapper every handler uses (docs/architecture.md § Conventions). A route declares
// who may call it — `permission` and what it touches, `scope`: the scopes of its input or of the
// record it names, `global` (something of every scope at once), or `listing` (whatever the key
// holds, filtered by the handler) — and the wrapper authenticates, checks the permission before
// reading the body, parses the body and the query string with zod, authorizes what the route
// touches against the key's scopes by one rule (lib/auth/authority.ts), calls the domain, maps every
// error to {"error","detail"}, and appends the act to the audit log when the route names one (and
// every refusal, whatever the route). A route with a permission cannot leave `scope` out: the type
// requires it, so a new route cannot forget what it touches. Domain code receives an authorized
// principal and the scopes it may act on; it never checks access itself.

/** What a route may read to name the scope it acts on. */
export interface RouteInput<B, Q> {
  req: Request;
  body: B;
  query: Q;
  params: Record<string, string>;
}

/**
 * What a request touches: a scope, several, GLOBAL (every scope at once), or null/undefined (not
 * named: a listing over every scope the key holds the permission on). In an array, null stands for
 * a record that does not exist (the handler answers its 404) and is skipped.
 */
export type ScopeTarget = FactScope | typeof GLOBAL | readonly (FactScope | typeof GLOBAL | null)[] | null | undefined;

export interface RouteContext<B, Q> extends RouteInput<B, Q> {
  principal: Principal;
  /** The scopes this request may act on: the declared scope(s), authorized (every scope for a
   *  global target), or else every scope the principal holds the permission on (listings filter by these). */
  scopes: FactScope[];
  /** What the handler alone knows about the act, for its audit entry (the key a sign-in used). */
  audit: AuditNote;
}

interface CommonOptions<B, Q> {
  /** A zod schema, or a parser that throws domain errors (the fact body has statuses of its own). */
  body?: z.ZodType<B> | ((raw: unknown) => B);
  query?: z.ZodType<Q>;
  /** Status for a zod validation failure: 422 by default, 400 where the spec section says so. */
  invalidStatus?: 400 | 422;
  /** Success status when the handler returns plain data. */
  status?: number;
  /** The success statuses of a handler that builds its own Response (201 for a created record, 202 for a job, 200 for a replay). */
  statuses?: readonly number[];
  /** Largest accepted body: MAX_BODY_BYTES unless the route takes batches (lib/http/read-body.ts). */
  maxBodyBytes?: number;
  /** Checks of the request itself, before its body is read (sign-in takes only same-origin JSON). */
  precondition?: (req: Request) => void;
  /** The handler reads the query string itself (a dashboard export's filters): no parameter is refused or named as ignored. */
  ownQuery?: true;
  /** Records the act in the audit log, whatever its outcome (lib/http/audit-request.ts). */
  audit?: AuditSpec<RouteInput<B, Q>>;
  /** The success body's zod schema: the API description (lib/openapi) shows it, the HTTP tests check every answer against it (lib/http/response-check.ts). */
  response?: z.ZodType;
  /** The media types of a success answer that is not only a JSON document (a CSV download, Prometheus text); application/json by default. A JSON one among them still has `response`. */
  produces?: readonly string[];
  handler: (ctx: RouteContext<B, Q>) => Promise<unknown>;
}

interface OpenRoute<B, Q> extends CommonOptions<B, Q> {
  /** 'public' (no key; the handler gets the anonymous principal) or 'authenticated' (any valid key, whatever it may do). */
  permission: 'public' | 'authenticated';
  scope?: undefined;
  grants?: undefined;
}

interface GuardedRoute<B, Q> extends CommonOptions<B, Q> {
  /** The permission a caller needs, or a function of the parsed input where the input decides it (a dry run needs read, the real run write). */
  permission: Permission | ((input: RouteInput<B, Q>) => Permission);
  /** What the request touches: from its input, or the scopes of the record it names (a lookup that
   *  returns null for an unknown record, so the handler answers 404); GLOBAL; or 'listing'. Each is authorized. */
  scope: 'listing' | typeof GLOBAL | ((input: RouteInput<B, Q>) => ScopeTarget | Promise<ScopeTarget>);
  /** The permissions of what the request hands out (a key it creates): never more than the caller holds. */
  grants?: (input: RouteInput<B, Q>) => readonly Permission[];
}

type RouteOptions<B, Q> = OpenRoute<B, Q> | GuardedRoute<B, Q>;

type NextContext = { params?: Promise<Record<string, string | string[]>> };

/** What a route declared, as the API description (lib/openapi/describe-routes.ts) reads it. */
export type RouteDeclaration = RouteOptions<unknown, unknown>;

/** A route handler as Next calls it, plus the same route for a caller already authenticated (MCP tool calls). */
export interface ApiRouteHandler {
  (req: Request, context?: NextContext): Promise<Response>;
  as(principal: Principal): (req: Request, context?: NextContext) => Promise<Response>;
  /** The declaration the handler was made from: the OpenAPI description is generated from it. */
  readonly declaration: RouteDeclaration;
}

/** The declaration behind `handler` when apiRoute made it, else null (a 405 of lib/http/method-not-allowed.ts, a plain function). */
export function routeDeclaration(handler: unknown): RouteDeclaration | null {
  if (typeof handler !== 'function' || !('declaration' in handler)) return null;
  return (handler as ApiRouteHandler).declaration;
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
  if (path !== null) throw unprocessable('validation_error', `${path ? `${where} ${path}` : where}: must not contain NUL characters or unpaired surrogates`);
}

/** A client that hung up gets no answer worth sending; the status only shows in the metrics. */
const CLIENT_CLOSED_REQUEST = 499;

export function toErrorResponse(error: unknown, invalidStatus = 422): Response {
  if (error instanceof DomainError) return errorResponse(STATUS_OF_KIND[error.kind], error.code, error.message, error.extra);
  if (error instanceof z.ZodError) return errorResponse(invalidStatus, 'validation_error', describeZodError(error));
  const code = (error as { code?: string })?.code;
  if (code === 'P2025') return errorResponse(404, 'not_found', 'no such record');
  if (code === 'P2002') return errorResponse(409, 'already_exists', 'a record with this identity already exists');
  if (error instanceof URIError) return errorResponse(400, 'invalid_path', 'the request path holds a malformed percent-encoding');
  // Only a body the client stopped sending: a database connection reset is the server's problem.
  if (error instanceof ClientGone) {
    logger().debug('client disconnected mid-request');
    return new Response(null, { status: CLIENT_CLOSED_REQUEST });
  }
  const database = databaseErrorResponse(error);
  if (database) return database;
  logger().error({ err: error }, 'unhandled error');
  failActiveSpan(error);
  return errorResponse(500, 'internal_error', 'the node failed to handle this request; the cause is in the server log');
}

export function apiRoute<B = undefined, Q = undefined>(options: RouteOptions<B, Q>): ApiRouteHandler {
  const invalidStatus = options.invalidStatus ?? 422;
  // Every API request is counted, timed, traced and logged by route pattern (lib/http/observe-api-request.ts).
  const timed = (caller: Principal | null) => (req: Request, context?: NextContext): Promise<Response> =>
    observeApiRequest(req, context?.params, async () => {
      const trail = newTrail();
      let res: Response;
      try {
        res = await handle(options, caller, req, trail, context);
      } catch (error) {
        res = toErrorResponse(error, invalidStatus);
      }
      res = await auditRequest(options.audit, trail, req, res);
      return { res, keyId: trail.principal?.keyId ?? null, scopes: trail.touched };
    });
  return Object.assign(timed(null), { as: (principal: Principal) => timed(principal), declaration: options as RouteDeclaration });
}

async function callerOf<B, Q>(options: RouteOptions<B, Q>, req: Request, caller: Principal | null, trail: RequestTrail): Promise<Principal> {
  if (options.permission === 'public') return ANONYMOUS_PRINCIPAL;
  const principal = caller ?? (await authenticate(req));
  trail.principal = principal;
  // Before the body is read: a key without the permission learns nothing about its input.
  if (typeof options.permission === 'string' && options.permission !== 'authenticated') authorize(principal, options.permission);
  return principal;
}

/** Authorizes what the request touches (declared on the route) and answers the scopes it may act on. */
async function authorizeTarget<B, Q>(options: GuardedRoute<B, Q>, principal: Principal, input: RouteInput<B, Q>, trail: RequestTrail): Promise<FactScope[]> {
  const permission = typeof options.permission === 'function' ? options.permission(input) : options.permission;
  const declared = options.scope;
  const target = declared === 'listing' ? null : declared === GLOBAL ? GLOBAL : await declared(input);
  if (target == null) {
    authorize(principal, permission);
    const held = scopesWith(principal, permission);
    trail.touched = held;
    return held;
  }
  const items = typeof target === 'string' ? [target] : target.filter((item) => item !== null);
  const global = items.includes(GLOBAL);
  const named = [...new Set(items.filter((item): item is FactScope => item !== GLOBAL))];
  // Recorded before the check, so a refused attempt is audited against the scopes it went for.
  trail.touched = global ? [] : named;
  authorizeReach(principal, permission, named);
  if (global) authorizeReach(principal, permission, GLOBAL);
  if (options.grants) authorizeGrant(principal, options.grants(input));
  return global ? [...FACT_SCOPES] : named;
}

const isGuarded = <B, Q>(options: RouteOptions<B, Q>): options is GuardedRoute<B, Q> => options.permission !== 'public' && options.permission !== 'authenticated';

async function handle<B, Q>(options: RouteOptions<B, Q>, caller: Principal | null, req: Request, trail: RequestTrail, context?: NextContext): Promise<Response> {
  const principal = await callerOf(options, req, caller, trail);
  trail.principal = principal;
  options.precondition?.(req);
  const input = await parseInput(options, req, context);
  trail.input = input;
  const scopes = isGuarded(options) ? await authorizeTarget(options, principal, input, trail) : [];
  const result = await options.handler({ ...input, principal, scopes, audit: trail.note });
  trail.result = result;
  let res = result instanceof Response ? result : Response.json(result, { status: options.status ?? 200 });
  if (responseChecksOn()) res = await checkResponse(options, req, res);
  return nameIgnoredParameters(res, options as CommonOptions<unknown, unknown>, req);
}

/** The response header naming the reference node's query parameters a route accepted and ignored. */
export const IGNORED_PARAMETERS_HEADER = 'Stigmem-Ignored-Parameters';

/**
 * Query parameters the reference node defines (its OpenAPI description). A route that does not
 * implement one of them accepts it — the official clients may send it (garden_id, attested, …) —
 * and names it in IGNORED_PARAMETERS_HEADER; any other parameter a route does not define is refused.
 */
const REFERENCE_PARAMETERS = new Set([
  'after', 'as_of', 'attested', 'cursor', 'depth', 'dry_run', 'entity', 'entity_uri', 'fact_id', 'garden_id', 'include_contradicted',
  'include_expired', 'include_low_trust', 'legacy_format', 'limit', 'min_confidence', 'min_trust', 'offset', 'oidc_sub', 'page_size',
  'quarantine_status', 'reason', 'refresh', 'relation', 'relation_filter', 'scope', 'source', 'status', 'target_garden_id', 'ttl_seconds',
  'within_days',
]);

/** The query parameters of `req` the route does not define; null when the route reads its query itself. */
function undefinedParameters(options: CommonOptions<unknown, unknown>, req: Request): string[] | null {
  // A handler reading its own query (a dashboard export's filters), or a schema that is not a plain
  // object (a transform over one), is not second-guessed.
  if (options.ownQuery || (options.query && !(options.query instanceof z.ZodObject))) return null;
  const known = options.query instanceof z.ZodObject ? Object.keys(options.query.shape) : [];
  return [...new Set(new URL(req.url).searchParams.keys())].filter((name) => !known.includes(name));
}

/**
 * An unknown query parameter is refused (docs/api.md § Wire details): a misspelt filter must not
 * quietly widen an answer. One the reference node defines is accepted and named in the answer.
 */
function refuseUnknownParameters(options: CommonOptions<unknown, unknown>, req: Request): void {
  const unknown = (undefinedParameters(options, req) ?? []).filter((name) => !REFERENCE_PARAMETERS.has(name));
  if (!unknown.length) return;
  const known = options.query instanceof z.ZodObject ? Object.keys(options.query.shape) : [];
  const names = unknown.slice(0, 5).map((name) => JSON.stringify(name.slice(0, 64))).join(', ');
  throw badRequest('unknown_parameter', `unknown query parameter ${names}: this route takes ${known.length ? known.join(', ') : 'none'}`);
}

function nameIgnoredParameters(res: Response, options: CommonOptions<unknown, unknown>, req: Request): Response {
  const ignored = undefinedParameters(options, req);
  if (!ignored?.length) return res;
  try {
    res.headers.set(IGNORED_PARAMETERS_HEADER, ignored.join(', '));
  } catch {
    // A response with immutable headers (a proxied one) goes out as it is.
  }
  return res;
}

async function parseInput<B, Q>(options: CommonOptions<B, Q>, req: Request, context?: NextContext): Promise<RouteInput<B, Q>> {
  const rawParams = (await context?.params) ?? {};
  const params: Record<string, string> = {};
  // Next hands route handlers their params percent-decoded once (a conflict id arrives with its
  // colons); decoding again would turn an id holding "%41" into "A".
  for (const [key, value] of Object.entries(rawParams)) params[key] = Array.isArray(value) ? value.join('/') : value;
  refuseUnstorableText(params, 'path');
  const rawQuery = Object.fromEntries(new URL(req.url).searchParams);
  refuseUnstorableText(rawQuery, 'query');
  refuseUnknownParameters(options as CommonOptions<unknown, unknown>, req);
  const query = options.query ? options.query.parse(rawQuery) : (undefined as Q);
  let body = undefined as B;
  if (options.body) {
    const rawBody = await readJsonBody(req, options.maxBodyBytes ?? MAX_BODY_BYTES);
    refuseUnstorableText(rawBody, 'body');
    body = typeof options.body === 'function' ? options.body(rawBody) : options.body.parse(rawBody);
  }
  return { req, body, query, params };
}
