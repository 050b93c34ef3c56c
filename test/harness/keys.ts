import { CreatedKey } from '@/lib/wire/records';
import { api, expectBody } from './client';
import { uid } from './data';

// API keys for tests, created through POST /v1/auth/keys with the admin key.

export interface TestKey {
  id: string;
  key: string;
  entityUri: string;
}

export async function createKey(permissions: ('read' | 'write' | 'admin')[], allowedScopes: string[], label = 'caller'): Promise<TestKey> {
  const entityUri = `stigmem://test/${label}-${uid()}`;
  const res = await api.post('/v1/auth/keys', { entity_uri: entityUri, permissions, allowed_scopes: allowedScopes, description: `test ${label}` });
  const created = expectBody(res, 201, CreatedKey);
  if (!created.key) throw new Error('the node did not return the generated key');
  return { id: created.id, key: created.key, entityUri: created.entity_uri };
}
