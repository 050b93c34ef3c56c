import { getDb } from '../db/prisma';
import type { FactScope } from '../facts/scope';
import { unauthorized } from '../errors/domain-error';
import { config } from '../config/config';
import { hashSecret } from './key-material';
import { requireSameOrigin } from './same-origin';
import { readCookie, SESSION_COOKIE } from './session-cookie';
import { OPEN_PRINCIPAL, type Permission, type Principal } from './principal';

// Resolves the caller of a request: a Bearer API key (agents, scripts) or the dashboard's session
// cookie. Keys are looked up on every request, so a revocation takes effect on the next one.

interface KeyRecord {
  id: string;
  entityUri: string;
  permissions: string[];
  allowedScopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
}

function principalFromKey(key: KeyRecord, via: Principal['via']): Principal {
  return {
    keyId: key.id,
    entityUri: key.entityUri,
    permissions: key.permissions as Permission[],
    allowedScopes: key.allowedScopes as FactScope[],
    via,
  };
}

function usable(key: KeyRecord | null | undefined, now: Date): key is KeyRecord {
  return !!key && !key.revokedAt && (!key.expiresAt || key.expiresAt > now);
}

/** Looks up an API key by its secret; null when unknown, revoked or expired. */
export async function findUsableKey(secret: string): Promise<KeyRecord | null> {
  const db = await getDb();
  const key = await db.apiKey.findUnique({ where: { keyHash: hashSecret(secret) } });
  return usable(key, new Date()) ? key : null;
}

/** Looks up the key behind a dashboard session token; null when the session or key is gone. */
export async function principalFromSession(token: string | undefined): Promise<Principal | null> {
  if (!token) return null;
  const db = await getDb();
  const session = await db.session.findUnique({ where: { id: hashSecret(token) }, include: { key: true } });
  const now = new Date();
  if (!session || session.expiresAt <= now || !usable(session.key, now)) return null;
  return principalFromKey(session.key, 'session');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function authenticate(req: Request): Promise<Principal> {
  const header = req.headers.get('authorization');
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (!match) throw unauthorized('Authorization header must be "Bearer <api key>"');
    const key = await findUsableKey(match[1].trim());
    if (key) return principalFromKey(key, 'bearer');
    throw unauthorized('unknown, revoked or expired API key');
  }
  const session = await principalFromSession(readCookie(req, SESSION_COOKIE));
  if (session) {
    // Cookie-authenticated mutations must come from our own pages (CSRF, docs/semantics.md § Identity and access).
    if (!SAFE_METHODS.has(req.method)) requireSameOrigin(req, 'dashboard requests that change data');
    return session;
  }
  if (!config().authRequired) return OPEN_PRINCIPAL;
  throw unauthorized('an API key is required: send "Authorization: Bearer <key>"');
}
