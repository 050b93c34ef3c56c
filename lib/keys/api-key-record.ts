import type { FactScope } from '../facts/scope';
import { formatInstant, formatInstantOrNull } from '../time/instant';

/** KeyInfo of the reference node plus allowed_scopes and a recognizable prefix. */
export interface ApiKeyRecord {
  id: string;
  entity_uri: string;
  permissions: string[];
  allowed_scopes: FactScope[];
  description: string | null;
  created_at: string;
  expires_at: string | null;
  oidc_sub: null;
  tenant_id: string;
  key_prefix: string;
}

export function toApiKeyRecord(key: {
  id: string;
  entityUri: string;
  permissions: string[];
  allowedScopes: string[];
  description: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  keyPrefix: string;
}): ApiKeyRecord {
  return {
    id: key.id,
    entity_uri: key.entityUri,
    permissions: key.permissions,
    allowed_scopes: key.allowedScopes as FactScope[],
    description: key.description,
    created_at: formatInstant(key.createdAt),
    expires_at: formatInstantOrNull(key.expiresAt),
    oidc_sub: null,
    tenant_id: 'default',
    key_prefix: key.keyPrefix,
  };
}
