import { getDb } from '../db/prisma';
import { unauthorized } from '../errors/domain-error';
import { findUsableKey } from './authenticate';
import { generateSessionToken, hashSecret } from './key-material';
import { SESSION_TTL_MS } from './session-cookie';

// Dashboard sign-in: an API key is exchanged for a session held in an httpOnly, SameSite=Strict
// cookie. Sessions live in the database (several app instances can share them).

export async function createSession(apiKey: string): Promise<{ token: string; expiresAt: Date }> {
  const key = await findUsableKey(apiKey);
  if (!key) throw unauthorized('unknown, revoked or expired API key');
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const db = await getDb();
  await db.session.create({ data: { id: hashSecret(token), keyId: key.id, expiresAt } });
  await db.session.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  return { token, expiresAt };
}

export async function endSession(token: string | undefined): Promise<void> {
  if (!token) return;
  const db = await getDb();
  await db.session.deleteMany({ where: { id: hashSecret(token) } });
}
