// The origin a client used to reach the node, for node_url in /.well-known/stigmem (when
// STIGMEM_NODE_URL is not set) and the dashboard's snippets. `X-Forwarded-Host`/`Host` and
// `X-Forwarded-Proto` come from the client or a proxy: they are read as untrusted input. A host is
// taken only when it is a plain host name, IPv4 address or bracketed IPv6 address with an optional
// port (no user info, path, spaces or other characters that would change what a URL built from it
// points at); a proto only when it is `http` or `https`. Anything else falls back to the origin of
// the request's own URL. Only the first value of a comma-separated forwarded header counts (the
// client side of the chain, as a proxy appends).

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/;
const IPV6 = /^\[[0-9a-f:.]{2,45}\]$/;

function firstValue(value: string | null): string | null {
  const first = value?.split(',')[0]?.trim();
  return first ? first : null;
}

/** `host[:port]` lowercased when it is one, else null. */
export function validHost(raw: string | null): string | null {
  if (raw === null) return null;
  const text = raw.toLowerCase();
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(text);
  if (!match) return null;
  const [, name, port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  if (!HOST_NAME.test(name) && !IPV6.test(name)) return null;
  // The URL parser must accept it too (an IPv6 literal the pattern lets through may still be malformed).
  return URL.canParse(`http://${text}/`) ? text : null;
}

export function publicOrigin(headers: Headers, requestUrl: string): string {
  const own = new URL(requestUrl);
  const proto = firstValue(headers.get('x-forwarded-proto'))?.toLowerCase();
  const scheme = proto === 'http' || proto === 'https' ? proto : own.protocol.replace(/:$/, '');
  const forwarded = firstValue(headers.get('x-forwarded-host'));
  const host = (forwarded !== null ? validHost(forwarded) : null) ?? validHost(firstValue(headers.get('host'))) ?? own.host;
  return `${scheme}://${host}`;
}
