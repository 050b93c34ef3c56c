import { expect } from 'vitest';
import type { z } from 'zod';
import { ErrorBody } from '@/lib/wire/records';
import { TEST_ADMIN_KEY } from './constants';
import { dispatch } from './dispatch';

// A small HTTP client over the dispatcher: api.get/post/put/delete(path, ...) → {status, body,
// headers}. Requests carry the admin key unless `key` says otherwise (null = no Authorization).
// Any 5xx fails the test on the spot: bad input must never yield a server error.

export interface ApiResponse {
  status: number;
  /** Parsed JSON, the raw text when the body is not JSON, null when empty. */
  body: unknown;
  headers: Headers;
}

export interface RequestOptions {
  key?: string | null;
  headers?: Record<string, string>;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as the body verbatim instead of JSON.stringify(body). */
  rawBody?: string;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

export async function request(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? TEST_ADMIN_KEY : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let payload: string | undefined = options.rawBody;
  if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const res = await dispatch(method, withQuery(path, options.query), { headers, body: payload });
  const text = await res.text();
  let parsed: unknown = text || null;
  if (text && res.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
  if (res.status >= 500) expect.fail(`${method} ${path} answered ${res.status}: ${text}`);
  return { status: res.status, body: parsed, headers: res.headers };
}

export const api = {
  get: (path: string, options?: RequestOptions) => request('GET', path, undefined, options),
  post: (path: string, body?: unknown, options?: RequestOptions) => request('POST', path, body, options),
  put: (path: string, body?: unknown, options?: RequestOptions) => request('PUT', path, body, options),
  delete: (path: string, options?: RequestOptions) => request('DELETE', path, undefined, options),
};

/** Asserts the status and returns the body parsed by the response schema. */
export function expectBody<S extends z.ZodType>(res: ApiResponse, status: number, schema: S): z.infer<S> {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const parsed = schema.safeParse(res.body);
  if (!parsed.success) expect.fail(`response body does not match its schema: ${parsed.error.message}\n${JSON.stringify(res.body)}`);
  return parsed.data;
}

/** Asserts an error answer: the status, the {"error","detail"} shape with a non-empty detail, and the code. */
export function expectError(res: ApiResponse, status: number, code: string): z.infer<typeof ErrorBody> {
  const body = expectBody(res, status, ErrorBody);
  expect(body.error).toBe(code);
  return body;
}
