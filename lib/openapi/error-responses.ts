import type { RouteDeclaration } from '../http/api-route';
import type { HttpMethod } from '../http/method-not-allowed';
import { MAX_BODY_BYTES } from '../http/read-body';
import type { JsonSchema } from './json-schema';

// The error statuses a route can answer, read from its declaration and what lib/http/api-route.ts
// does with it (docs/api.md § Errors). Every route: 400 (an unknown query parameter, a malformed
// path), 422 (text the database cannot store) and 503 (the database out of a resource, with
// Retry-After). The rest follow from what the route declares; a domain check may answer fewer (a
// write that never meets an existing record never answers its 409). The node has no rate limit, so
// no route answers 429.

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad request: an unknown query parameter, malformed JSON or percent-encoding, or input the spec section refuses with 400.',
  401: 'No valid credentials: a missing, unknown, revoked or expired key.',
  403: 'The key lacks the permission on a scope the request touches, or a dashboard change came from another origin.',
  404: 'The record the path names does not exist, or is in a scope the key cannot read (ids do not leak).',
  408: 'The request body did not arrive in time.',
  409: 'The record exists already, or its state does not allow the act.',
  413: 'The request body is larger than the route takes (`max_bytes` says how large it may be).',
  422: 'The input does not validate (`validation_error`, naming the field), or holds text the database cannot store.',
  503: 'The database is out of a resource (memory, connections) or the request timed out in its transaction: try again after Retry-After.',
};

const errorBody = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

export const ERROR_RESPONSES: Record<string, JsonSchema> = Object.fromEntries(
  Object.entries(ERROR_TEXT).map(([status, description]) => [
    `Error${status}`,
    {
      description,
      content: errorBody,
      ...(status === '503' ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } } } : {}),
    },
  ]),
);

/** The statuses, ascending, that `declaration` on `method` at `folder` (Next notation) can answer besides success. */
export function errorStatuses(method: HttpMethod, folder: string, declaration: RouteDeclaration): number[] {
  const statuses = new Set([400, 422, 503]);
  const open = declaration.permission === 'public';
  if (!open) statuses.add(401);
  // A permission to hold, or a change that a session cookie must send from the dashboard's origin.
  if (!open && (declaration.permission !== 'authenticated' || method !== 'GET')) statuses.add(403);
  if (folder.includes('[')) statuses.add(404);
  // A change (a key, a resolution) can meet a record that exists already or moved on; a read sent as POST cannot.
  if (method !== 'GET' && !open && declaration.permission !== 'authenticated' && declaration.permission !== 'read') statuses.add(409);
  if (declaration.body) statuses.add(408).add(413);
  return [...statuses].sort((a, b) => a - b);
}

/** The largest body `declaration` takes, in bytes. */
export const maxBodyBytes = (declaration: RouteDeclaration) => declaration.maxBodyBytes ?? MAX_BODY_BYTES;
