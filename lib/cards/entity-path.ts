import { normalizeUri } from '../facts/normalize';

// GET /v1/cards/{entity_uri}: the official SDK puts the entity URI in the path unencoded
// (/v1/cards/stigmem://acme/user/alice). Next redirects any path holding "//" to its single-slash
// form (308) before routing, and a catch-all sees the segments without empty ones, so
// "stigmem://acme/user/alice" arrives as ["stigmem:", "acme", "user", "alice"]. Joined back, a
// scheme followed by one slash is given its second slash again; a percent-encoded URI arrives as
// one segment, already decoded.

const COLLAPSED_SCHEME = /^([a-z][a-z0-9+.-]*):\/(?!\/)/i;

export function entityFromPath(segments: string | string[]): string {
  const joined = Array.isArray(segments) ? segments.join('/') : segments;
  return normalizeUri(joined.replace(COLLAPSED_SCHEME, '$1://'));
}
