import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { getDb } from '../db/prisma';
import { isoTimestamp } from '../facts/parse-fact-input';
import { MAX_URI_BYTES, normalizeUri, uriTooLong } from '../facts/normalize';
import { FACT_SCOPES } from '../facts/scope';
import { badRequest, conflict, unprocessable } from '../errors/domain-error';
import { type ApiKeyRecord, toApiKeyRecord } from './api-key-record';
import { generateApiKey, hashSecret, keyPrefix } from '../auth/key-material';
import { PERMISSIONS } from '../auth/principal';

// POST /v1/auth/keys (admin): the reference node's RegisterKeyRequest (caller-supplied raw_key of
// at least 32 characters) plus allowed_scopes. Without raw_key the node generates a key and
// returns it once, as `key`; it is never shown again.

export const createKeySchema = z.object({
  raw_key: z.string().min(32, 'raw_key must be at least 32 characters').max(512).optional(),
  entity_uri: z.string({ error: 'entity_uri is required' }),
  permissions: z.array(z.enum(PERMISSIONS, { error: `permissions are ${PERMISSIONS.join(', ')}` })).default(['read']),
  allowed_scopes: z.array(z.enum(FACT_SCOPES, { error: `allowed_scopes are ${FACT_SCOPES.join(', ')}` })).default([]),
  description: z.string().max(500).nullish(),
  expires_at: isoTimestamp.nullish(),
  tenant_id: z.string().max(200, 'tenant_id is at most 200 characters').nullish(),
});

export async function createApiKey(input: z.infer<typeof createKeySchema>): Promise<ApiKeyRecord & { key?: string }> {
  const entityUri = normalizeUri(input.entity_uri);
  if (!entityUri) throw badRequest('invalid_entity_uri', 'entity_uri: must not be empty');
  // The key's entity URI becomes the source of the facts it writes (resolutions), so it obeys the same limit.
  if (uriTooLong(entityUri)) throw unprocessable('validation_error', `entity_uri: longer than ${MAX_URI_BYTES} bytes`);
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt <= new Date()) throw badRequest('invalid_expiry', 'expires_at: must be in the future');
  const secret = input.raw_key ?? generateApiKey();
  const db = await getDb();
  const keyHash = hashSecret(secret);
  if (await db.apiKey.findUnique({ where: { keyHash } })) throw conflict('key_exists', 'this raw_key is already registered');
  const created = await db.apiKey.create({
    data: {
      id: randomUUID(),
      keyHash,
      keyPrefix: keyPrefix(secret),
      entityUri,
      permissions: [...new Set(input.permissions)],
      allowedScopes: [...new Set(input.allowed_scopes)],
      description: input.description ?? null,
      expiresAt,
    },
  });
  const record = toApiKeyRecord(created);
  return input.raw_key ? record : { ...record, key: secret };
}
