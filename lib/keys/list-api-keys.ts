import { getDb } from '../db/prisma';
import { notFound } from '../errors/domain-error';
import { type ApiKeyRecord, toApiKeyRecord } from './api-key-record';

/** Active keys (not revoked, not expired), newest first. */
export async function listApiKeys(): Promise<ApiKeyRecord[]> {
  const db = await getDb();
  const now = new Date();
  const keys = await db.apiKey.findMany({
    where: { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    orderBy: { createdAt: 'desc' },
  });
  return keys.map(toApiKeyRecord);
}

/** Revocation takes effect on the key's next request; its dashboard sessions end with it. */
export async function revokeApiKey(id: string): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
    if (!count) throw notFound('key_not_found', `no active key with id ${id}`);
    await tx.session.deleteMany({ where: { keyId: id } });
  });
}
