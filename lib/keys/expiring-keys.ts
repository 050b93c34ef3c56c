import { z } from 'zod';
import { getDb } from '../db/prisma';
import { sqlArray } from '../db/sql-array';
import type { FactScope } from '../facts/scope';
import { type ApiKeyRecord, toApiKeyRecord } from './api-key-record';

// GET /v1/auth/keys/expiring-soon (admin; the reference node's ExpiringKeyInfo list): the active
// keys — not revoked, not yet expired — whose expiry falls within `within_days`, soonest first,
// among those the caller may manage: keys whose scopes all lie within its own, as in
// GET /v1/auth/keys (lib/auth/authority.ts). A key without expiry never appears.

export const MAX_WITHIN_DAYS = 365;
/** Keys per answer: the soonest ones. */
export const MAX_EXPIRING_KEYS = 1000;

const DAY_MS = 86_400_000;

export const expiringQuerySchema = z.object({
  within_days: z.coerce
    .number({ error: 'within_days must be an integer' })
    .int('within_days must be an integer')
    .min(1, 'within_days must be at least 1')
    .max(MAX_WITHIN_DAYS, `within_days must be at most ${MAX_WITHIN_DAYS}`)
    .default(30)
    .describe('Return active keys expiring within this many days.'),
});

export interface ExpiringKeyRecord extends ApiKeyRecord {
  /** Days until expiry, to two decimals. */
  days_remaining: number;
}

type KeyRow = Parameters<typeof toApiKeyRecord>[0];

export async function listExpiringKeys(scopes: readonly FactScope[], withinDays: number, now = new Date()): Promise<ExpiringKeyRecord[]> {
  const db = await getDb();
  const until = new Date(now.getTime() + withinDays * DAY_MS);
  const rows = await db.$queryRaw<KeyRow[]>`
    SELECT id, entity_uri AS "entityUri", permissions, allowed_scopes AS "allowedScopes", description,
      created_at AS "createdAt", expires_at AS "expiresAt", key_prefix AS "keyPrefix"
    FROM api_keys
    WHERE revoked_at IS NULL AND expires_at > ${now} AND expires_at <= ${until}
      AND allowed_scopes <@ ${sqlArray(scopes)}::text[]
    ORDER BY expires_at, id
    LIMIT ${MAX_EXPIRING_KEYS}`;
  return rows.map((row) => ({
    ...toApiKeyRecord(row),
    days_remaining: Math.round(((row.expiresAt!.getTime() - now.getTime()) / DAY_MS) * 100) / 100,
  }));
}
