import { errorResponse } from './api-route';

// Next answers a method a route.ts does not export with an empty 405 and no Allow header; the
// official SDKs show the error's `detail`. So every /v1 route also exports the methods it does not
// serve, through this helper, as a JSON 405 with the Allow header (test/http/wire-compat.test.ts
// checks every route file). HEAD (from GET) and OPTIONS are answered by Next itself.

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type Handler = () => Promise<Response>;

/** Marks these handlers, so tests that walk every route can tell a served method from a refused one. */
export const NOT_SERVED = Symbol.for('stigmem.methodNotAllowed');

/** True when `handler` is a route's real handler for its method, not this module's 405. */
export const servesMethod = (handler: unknown): boolean => typeof handler === 'function' && !(NOT_SERVED in handler);

/** Handlers for every method but `served`; export the ones the route does not define. */
export function methodNotAllowed(...served: HttpMethod[]): Record<HttpMethod, Handler> {
  const allow = [...served, ...(served.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort().join(', ');
  const handler: Handler = Object.assign(
    async () => {
      const res = errorResponse(405, 'method_not_allowed', `this path answers ${allow}`);
      res.headers.set('Allow', allow);
      return res;
    },
    { [NOT_SERVED]: true },
  );
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}
