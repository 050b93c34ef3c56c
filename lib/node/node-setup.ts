import { randomUUID } from 'node:crypto';
import { getDb } from '../db/prisma';
import { FACT_SCOPES } from '../facts/scope';
import { normalizeUri } from '../facts/normalize';
import { hashSecret, keyPrefix } from '../auth/key-material';
import { failInterruptedJobs } from '../jobs/jobs';
import { envPolicies } from '../decay/policy-store';
import { ensureDefaultRules } from '../alerts/rule-store';
import { config } from '../config/config';

// Runs once per process before the first request is served (and from instrumentation at start):
// migrations (through getDb), the node id, the admin key from STIGMEM_ADMIN_KEY, and, on PGlite,
// marking jobs cut off by a previous process as failed (on PostgreSQL another instance takes them over).

export const ENV_ADMIN_KEY_ID = 'env-admin';

let setup: Promise<{ nodeId: string }> | undefined;

export function ensureNodeSetup(): Promise<{ nodeId: string }> {
  setup ??= runSetup().catch((error) => {
    setup = undefined;
    throw error;
  });
  return setup;
}

async function runSetup(): Promise<{ nodeId: string }> {
  // An invalid STIGMEM_DECAY_POLICIES stops the server with a message naming the policy and field.
  envPolicies();
  const db = await getDb();
  const adminKey = config().adminKey.secret;
  if (adminKey) {
    const data = {
      keyHash: hashSecret(adminKey),
      keyPrefix: keyPrefix(adminKey),
      entityUri: normalizeUri(config().adminKey.entity),
      permissions: ['read', 'write', 'admin'],
      allowedScopes: [...FACT_SCOPES],
      description: 'provisioned from STIGMEM_ADMIN_KEY',
      revokedAt: null,
    };
    await db.apiKey.upsert({ where: { id: ENV_ADMIN_KEY_ID }, create: { id: ENV_ADMIN_KEY_ID, ...data }, update: data });
  }
  await failInterruptedJobs();
  await ensureDefaultRules();
  const configured = config().node.id;
  if (configured) return { nodeId: configured };
  const existing = await db.nodeMeta.findUnique({ where: { key: 'node_id' } });
  if (existing) return { nodeId: existing.value };
  const created = await db.nodeMeta.upsert({ where: { key: 'node_id' }, create: { key: 'node_id', value: randomUUID() }, update: {} });
  return { nodeId: created.value };
}
