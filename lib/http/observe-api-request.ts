import { randomUUID } from 'node:crypto';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { observeRequest, routePattern } from '../metrics/registry';
import { logger } from '../observability/logger';
import { runInRequest } from '../observability/request-context';
import { markFailed, requestParentContext, traceIdOf, tracer } from '../observability/tracing';

// The route wrapper's observability (lib/http/api-route.ts): each API request gets a request id
// (the caller's X-Request-Id when it is a plain token, else a new one, echoed in the answer), a
// span named by its route template (a child of the caller's traceparent), the Prometheus counters,
// and one JSON log line: level, request id, trace id, method, route, status, duration, key id and
// the scopes it touched. Never the key itself or its hash.

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A caller's request id is kept when it is a plain token: it goes into logs and a header as it came. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(req: Request): string {
  const given = req.headers.get(REQUEST_ID_HEADER);
  return given && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** What the wrapper learnt about the caller while handling the request. */
export interface RequestOutcome {
  res: Response;
  keyId: string | null;
  /** The scopes the request touched; null when none was named or authorized. */
  scopes: readonly string[] | null;
}

type Params = Promise<Record<string, string | string[]>> | undefined;

async function routeOf(req: Request, params: Params): Promise<string> {
  try {
    return routePattern(new URL(req.url).pathname, (await params?.catch(() => ({}))) ?? {});
  } catch {
    return 'unknown';
  }
}

export async function observeApiRequest(req: Request, params: Params, handle: () => Promise<RequestOutcome>): Promise<Response> {
  const started = performance.now();
  const route = await routeOf(req, params);
  const requestId = requestIdOf(req);
  const parent = requestParentContext(req);
  // A server span of its own when it starts the trace here or continues the caller's; inside the server's span otherwise.
  const kind = trace.getSpan(context.active()) ? SpanKind.INTERNAL : SpanKind.SERVER;
  const span = tracer().startSpan(`${req.method} ${route}`, { kind, attributes: { 'http.request.method': req.method, 'http.route': route, 'stigmem.request_id': requestId } }, parent);
  const traceId = traceIdOf(span);
  let outcome: RequestOutcome;
  try {
    outcome = await runInRequest({ requestId, traceId }, () => context.with(trace.setSpan(parent, span), handle));
  } catch (error) {
    // The wrapper answers every error itself; one escaping it still ends its span.
    markFailed(span, error);
    span.end();
    throw error;
  }
  const seconds = (performance.now() - started) / 1000;
  const { res, keyId, scopes } = outcome;

  span.setAttribute('http.response.status_code', res.status);
  if (keyId) span.setAttribute('stigmem.key_id', keyId);
  if (res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: `answered ${res.status}` });
  span.end();
  observeRequest(req.method, route, res.status, seconds);
  try {
    res.headers.set(REQUEST_ID_HEADER, requestId);
  } catch {
    // A response with immutable headers (a proxied one) goes out as it is.
  }
  const line = {
    request_id: requestId,
    ...(traceId ? { trace_id: traceId } : {}),
    method: req.method,
    route,
    status: res.status,
    duration_ms: Math.round(seconds * 100_000) / 100,
    key_id: keyId,
    ...(scopes?.length ? { scopes } : {}),
  };
  if (res.status >= 500) logger().error(line, 'request');
  else logger().info(line, 'request');
  return res;
}
