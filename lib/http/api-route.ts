import { z } from 'zod';
import { authenticate } from '../auth/authenticate';
import type { Principal } from '../auth/principal';
import { ensureNodeSetup } from '../node/node-setup';
import { ApiError } from './api-error';

// The one route wrapper every handler uses (STYLE.md): authenticate, parse the JSON body and the
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

async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'the request body is not valid JSON');
  }
}

function toErrorResponse(error: unknown, invalidStatus: number): Response {
  if (error instanceof ApiError) return errorResponse(error.status, error.code, error.message, error.extra);
  if (error instanceof z.ZodError) return errorResponse(invalidStatus, 'validation_error', describeZodError(error));
  const code = (error as { code?: string })?.code;
  if (code === 'P2025') return errorResponse(404, 'not_found', 'no such record');
  if (code === 'P2002') return errorResponse(409, 'already_exists', 'a record with this identity already exists');
  console.error('[stigmem] unhandled error', error);
  return errorResponse(500, 'internal_error', 'the node failed to handle this request; the cause is in the server log');
}

export function apiRoute<B = undefined, Q = undefined>(options: RouteOptions<B, Q>) {
  const invalidStatus = options.invalidStatus ?? 422;
  return async (req: Request, context?: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    try {
      const principal = options.auth === false ? await ensureNodeSetup().then(() => null) : await authenticate(req);
      const rawParams = (await context?.params) ?? {};
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(rawParams)) {
        const text = Array.isArray(value) ? value.join('/') : value;
        try {
          params[key] = decodeURIComponent(text);
        } catch {
          params[key] = text;
        }
      }
      const url = new URL(req.url);
      const query = options.query ? options.query.parse(Object.fromEntries(url.searchParams)) : (undefined as Q);
      const body = options.body ? options.body.parse(await readJson(req)) : (undefined as B);
      const result = await options.handler({ req, body, query, params, principal: principal as Principal });
      if (result instanceof Response) return result;
      return Response.json(result, { status: options.status ?? 200 });
    } catch (error) {
      return toErrorResponse(error, invalidStatus);
    }
  };
}
