import { NextResponse, type NextRequest } from 'next/server';
import { config as nodeConfig } from './lib/config/config';
import { applySecurityHeaders, DATA_CSP, newNonce, pageCsp, servesData } from './lib/http/security-headers.mjs';

// Runs before Next's router (see `config` below for which requests):
//
// 1. A page gets a Content-Security-Policy with a nonce of its own (lib/http/security-headers.mjs),
//    handed to Next in the request's headers so Next puts it on the scripts it renders. The headers
//    every answer shares, and the API's policy, come from next.config.mjs.
// 2. A path whose percent-encoding does not decode (`/v1/facts/%ZZ`, `%C0%AF`, a cut-off
//    `%E0%A4%A`) makes the router throw while it decodes the route's params, and Next answers with
//    an HTML error page before any handler runs. Here it is a 400 `invalid_path` with the API's
//    error body instead (docs/api.md § Limits).

export function proxy(request: NextRequest): NextResponse | undefined {
  const path = request.nextUrl.pathname;
  try {
    // Each segment on its own: that is how the router decodes params.
    for (const segment of path.split('/')) decodeURIComponent(segment);
  } catch {
    const refused = NextResponse.json(
      { error: 'invalid_path', detail: 'the request path holds a malformed percent-encoding (each % must start a valid UTF-8 escape such as %2F)' },
      { status: 400 },
    );
    applySecurityHeaders(refused.headers, DATA_CSP);
    return refused;
  }
  if (servesData(path)) return undefined;
  const nonce = newNonce();
  const csp = pageCsp(nonce, nodeConfig().development);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', csp);
  const res = NextResponse.next({ request: { headers: requestHeaders } });
  res.headers.set('content-security-policy', csp);
  return res;
}

export const config = {
  matcher: [
    // Requests without a body, but for Next's own assets. A request with a body does not come here:
    // for a proxy, Next first buffers the whole body (answering nothing until the last byte arrived,
    // however slowly it comes, and cutting it at 10 MB), which is no place for a batch of facts, a
    // slow client (the route's own 30 s limit) or one that hangs up (logged as an error by Next).
    { source: '/((?!_next/static|_next/image).*)', missing: [{ type: 'header', key: 'content-length' }, { type: 'header', key: 'transfer-encoding' }] },
    // Whatever the method, a path holding a percent sign, whose encoding only this check sees first.
    { source: '/(.*%.*)' },
  ],
};
