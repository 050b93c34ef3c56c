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
  return { nodeId: config().node.id ?? (await storedNodeId()) };
}

/**
 * The node id kept in the database, made by the first instance that asks. Instances starting at once
 * on a fresh database race here: the first insert wins and every one reads what it stored. (An
 * upsert did not: two instances both inserted, and the second stopped at start on the primary key.)
 */
export async function storedNodeId(): Promise<string> {
  const db = await getDb();
  const existing = await db.nodeMeta.findUnique({ where: { key: 'node_id' } });
  if (existing) return existing.value;
  await db.nodeMeta.createMany({ data: [{ key: 'node_id', value: randomUUID() }], skipDuplicates: true });
  return (await db.nodeMeta.findUniqueOrThrow({ where: { key: 'node_id' } })).value;
}
