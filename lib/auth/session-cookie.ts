// The dashboard's session cookie: its name, lifetime, and how it is written and read.

export const SESSION_COOKIE = 'stigmem_session';
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined; // not a cookie this node set
    }
  }
  return undefined;
}

export function sessionCookie(req: Request, token: string, expiresAt: Date | null): string {
  const secure = new URL(req.url).protocol === 'https:' ? '; Secure' : '';
  const expiry = expiresAt ? `; Expires=${expiresAt.toUTCString()}` : '; Max-Age=0';
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Strict${secure}${expiry}`;
}
