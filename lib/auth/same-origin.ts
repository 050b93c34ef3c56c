import { forbidden, unsupportedMediaType } from '../errors/domain-error';

// The dashboard's requests come from its own pages. A browser names the page that sent a request
// in `Origin`; a form or fetch of another site carries that site's origin (or "null" from a
// sandboxed frame), and cannot send application/json across origins without a CORS preflight,
// which this node never grants. docs/semantics.md § Identity and access.

/** Whether the request's Origin is this node's own (the host it was sent to, or the proxy's forwarded host). */
export function isSameOrigin(req: Request): boolean {
  const origin = req.headers.get('origin');
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false; // an opaque origin ("null") or garbage: not the dashboard
  }
}

/** Cookie-authenticated mutations and sign-in: refused (403) unless they come from the dashboard's origin. */
export function requireSameOrigin(req: Request, what: string): void {
  if (!isSameOrigin(req)) throw forbidden(`${what} must come from the dashboard origin`, 'origin_mismatch');
}

/** Sign-in takes JSON only: a cross-site form can post text/plain or form data, never application/json (login CSRF). */
export function requireJson(req: Request): void {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw unsupportedMediaType('unsupported_media_type', 'this request takes a JSON body: send Content-Type: application/json');
}
