import { config } from '../config/config';
import { getDb } from '../db/prisma';
import { unauthorized } from '../errors/domain-error';
import { findUsableKey } from './authenticate';
import { generateSessionToken, hashSecret } from './key-material';
import { SESSION_TTL_MS } from './session-cookie';

// Dashboard sign-in: an API key is exchanged for a session held in an httpOnly, SameSite=Strict
// cookie. Sessions live in the database (several app instances can share them). A key holds at most
// STIGMEM_MAX_SESSIONS_PER_KEY live sessions: signing in past it ends the oldest, so a key pasted
// into a script that signs in on every run cannot grow the table without bound.

/** The key a session belongs to (for the audit log's actor). */
export interface SessionKey {
  id: string;
  entityUri: string;
  allowedScopes: string[];
}

export async function createSession(apiKey: string): Promise<{ token: string; expiresAt: Date; key: SessionKey }> {
  const key = await findUsableKey(apiKey);
  if (!key) throw unauthorized('unknown, revoked or expired API key');
  const token = generateSessionToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await tx.session.create({ data: { id: hashSecret(token), keyId: key.id, expiresAt } });
    await tx.session.deleteMany({ where: { expiresAt: { lt: now } } });
    // Past the cap, the oldest sessions of this key go (the one just made is the newest).
    const surplus = await tx.session.findMany({
      where: { keyId: key.id },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: config().maxSessionsPerKey,
      select: { id: true },
    });
    if (surplus.length) await tx.session.deleteMany({ where: { id: { in: surplus.map((s) => s.id) } } });
  });
  return { token, expiresAt, key: { id: key.id, entityUri: key.entityUri, allowedScopes: key.allowedScopes } };
}

/** Ends the session; answers the key it belonged to, or null when there was none. */
export async function endSession(token: string | undefined): Promise<SessionKey | null> {
  if (!token) return null;
  const db = await getDb();
  const session = await db.session.findUnique({ where: { id: hashSecret(token) }, include: { key: true } });
  await db.session.deleteMany({ where: { id: hashSecret(token) } });
  return session ? { id: session.key.id, entityUri: session.key.entityUri, allowedScopes: session.key.allowedScopes } : null;
}
