/* global crypto, btoa */
// Headers every answer of the node carries (docs/decisions.md § Browser hardening). No page may be
// framed by another site (`frame-ancestors 'none'`, and X-Frame-Options for browsers without CSP
// 3), no answer is sniffed into another type, and no URL leaves in a Referer. Pages get a
// Content-Security-Policy whose scripts run only with the request's nonce: Next puts it on its own
// scripts (it reads the policy from the request), the root layout on the theme script, and
// 'strict-dynamic' lets those load the chunks they need. Styles keep 'unsafe-inline': React and
// Recharts write style attributes, which a nonce cannot cover, and a style cannot run code. API
// answers are data: their policy allows nothing at all.
//
// Plain JavaScript, because next.config.mjs (the headers of API answers and Next's assets) reads it
// as well as proxy.ts (each page's own policy).

/** The policy of an HTML page, for one request's nonce. */
export function pageCsp(nonce, development = false) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of everything that is not a page: JSON, CSV, metrics. */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The headers besides the policy, the same on every answer. */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/** The paths that serve data (the API, metrics) rather than a page, as next.config.mjs `source` patterns. */
export const DATA_SOURCES = ['/v1', '/v1/:path*', '/api/:path*', '/mcp', '/metrics', '/healthz', '/.well-known/:path*'];

const DATA_PREFIXES = ['/v1/', '/api/', '/mcp', '/metrics', '/healthz', '/.well-known/'];

/** Whether a path serves data rather than a page of the dashboard. */
export const servesData = (path) => path === '/v1' || DATA_PREFIXES.some((prefix) => path.startsWith(prefix));

/** A fresh nonce: 128 random bits, base64. */
export function newNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Sets the policy and the other headers on `headers`. */
export function applySecurityHeaders(headers, csp) {
  headers.set('content-security-policy', csp);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
}

/** next.config.mjs `headers()`: the common headers on every answer, the data policy on data paths. */
export function configHeaders() {
  const common = Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value }));
  return [
    { source: '/:path*', headers: common },
    ...DATA_SOURCES.map((source) => ({ source, headers: [{ key: 'content-security-policy', value: DATA_CSP }] })),
  ];
}
