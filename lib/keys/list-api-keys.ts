import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import { getDb } from '../db/prisma';
import { sqlArray } from '../db/sql-array';
import { badRequest, notFound } from '../errors/domain-error';
import type { FactScope } from '../facts/scope';
import { decodeCursor, encodeCursor, queryLimit } from '../schemas/query-params';
import { type ApiKeyRecord, toApiKeyRecord } from './api-key-record';

// GET /v1/auth/keys: the active keys (not revoked, not expired) the caller may manage — those whose
// scopes all lie within its own (lib/auth/authority.ts; a key of no scope reaches nothing, so every
// admin sees it) — newest first, in pages. The body stays the reference node's array; the next
// page's cursor travels in headers (docs/api.md § Keys).

/** A page holds at most this many keys: ~300 kB, where 10,000 keys unpaged were 2.9 MB. */
export const MAX_KEYS_PAGE = 1000;

export const keysPageSchema = z.object({
  limit: queryLimit(MAX_KEYS_PAGE, MAX_KEYS_PAGE),
  cursor: z.string().max(200).optional(),
});

export type KeysPage = z.output<typeof keysPageSchema>;

type KeyRow = Parameters<typeof toApiKeyRecord>[0];

function after(cursor: string | undefined): Prisma.Sql {
  if (cursor === undefined) return Prisma.empty;
  const [createdAt, id] = decodeCursor(cursor) ?? [];
  if (typeof createdAt !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(createdAt))) throw badRequest('invalid_cursor', 'cursor: not a cursor this node issued');
  return Prisma.sql`AND (created_at, id) < (${new Date(createdAt)}, ${id})`;
}

export async function listApiKeys(scopes: readonly FactScope[], page: KeysPage = { limit: MAX_KEYS_PAGE }): Promise<{ keys: ApiKeyRecord[]; nextCursor: string | null }> {
  const db = await getDb();
  const rows = await db.$queryRaw<(KeyRow & { createdAt: Date })[]>`
    SELECT id, entity_uri AS "entityUri", permissions, allowed_scopes AS "allowedScopes", description,
      created_at AS "createdAt", expires_at AS "expiresAt", key_prefix AS "keyPrefix"
    FROM api_keys
    WHERE revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ${new Date()})
      AND allowed_scopes <@ ${sqlArray(scopes)}::text[] ${after(page.cursor)}
    ORDER BY created_at DESC, id DESC
    LIMIT ${page.limit + 1}`;
  const keys = rows.slice(0, page.limit);
  const last = keys.at(-1);
  return {
    keys: keys.map(toApiKeyRecord),
    nextCursor: rows.length > page.limit && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
  };
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
