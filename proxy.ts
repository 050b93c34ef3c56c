import { NextResponse, type NextRequest } from 'next/server';

// Runs before Next's router. A path whose percent-encoding does not decode (`/v1/facts/%ZZ`,
// `%C0%AF`, a cut-off `%E0%A4%A`) makes the router throw while it decodes the route's params, and
// Next answers 500 with an HTML page before any handler runs. Here it is a 400 `invalid_path`
// with the API's error body instead (docs/api.md § Limits).

export function proxy(request: NextRequest): NextResponse | undefined {
  const path = request.nextUrl.pathname;
  try {
    // Each segment on its own: that is how the router decodes params.
    for (const segment of path.split('/')) decodeURIComponent(segment);
  } catch {
    return NextResponse.json(
      { error: 'invalid_path', detail: 'the request path holds a malformed percent-encoding (each % must start a valid UTF-8 escape such as %2F)' },
      { status: 400 },
    );
  }
  return undefined;
}

export const config = {
  // Everything but Next's own assets.
  matcher: ['/((?!_next/static|_next/image).*)'],
};
