import { z } from 'zod';
import { ApiKeyRecord, isoInstant, Permission, Scope } from './records';

// Wire shapes of the key routes beyond the key record: who the calling key is, and the keys about to expire.

/** GET /v1/me: the calling key, as the reference node's whoami. */
export const Whoami = z.object({
  entity_uri: z.string().min(1).describe('Who the key writes as'),
  permissions: z.array(Permission),
  allowed_scopes: z.array(Scope),
});

export const ExpiringKey = ApiKeyRecord.extend({
  expires_at: isoInstant,
  days_remaining: z.number().min(0).describe('Days until expiry, to two decimals'),
});

/** GET /v1/auth/keys/expiring-soon: soonest first. */
export const ExpiringKeys = z.array(ExpiringKey);
