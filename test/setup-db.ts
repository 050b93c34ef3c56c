import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { reloadConfig } from '@/lib/config/config';
import { useSharedPglite } from '@/lib/db/connection';
import { onResponseMismatch, type ResponseMismatch } from '@/lib/http/response-check';
import { TEST_ADMIN_KEY } from './harness/constants';

// Runs in the worker before each HTTP test file: points the node at the database chosen by
// test/global-db.ts (a fresh in-memory PGlite per file, or the shared PostgreSQL test database) or by
// test/replicas/global-cluster.ts (a primary and a streaming replica), and provisions the admin key.
// Settings that change node behaviour are cleared, so a developer's environment cannot leak into the run.

const database = inject('stigmemTestDatabase');

for (const name of ['DATABASE_URL', 'DATABASE_READ_URL', 'STIGMEM_REPLICA_MAX_LAG_MS', 'STIGMEM_DATA_DIR', 'STIGMEM_AUTH_REQUIRED', 'STIGMEM_NODE_ID', 'STIGMEM_NODE_URL', 'STIGMEM_ADMIN_ENTITY', 'STIGMEM_CONFLICT_COOLDOWN_DAYS', 'STIGMEM_MAX_DECISION_VALUES', 'STIGMEM_WRITE_LOCK_WAIT_MS']) {
  delete process.env[name];
}
process.env.STIGMEM_ADMIN_KEY = TEST_ADMIN_KEY;
if (database.kind === 'postgres') {
  process.env.DATABASE_URL = database.url;
  if (database.readUrl) process.env.DATABASE_READ_URL = database.readUrl;
  process.env.STIGMEM_DB_POOL = '5';
} else if (database.kind === 'pglite') {
  process.env.STIGMEM_DATA_DIR = 'memory://';
  useSharedPglite(new PGlite({ loadDataDir: new Blob([readFileSync(database.template)]) }));
}

reloadConfig();

// What the server does at start (instrumentation-node.ts): migrations, the admin key, the node id.
beforeAll(async () => {
  if (database.kind === 'skipped') return;
  const { ensureNodeSetup } = await import('@/lib/node/node-setup');
  await ensureNodeSetup();
});

// Every success answer a test provokes must match what its route declares (lib/http/response-check.ts).
const mismatches: ResponseMismatch[] = [];
onResponseMismatch((mismatch) => mismatches.push(mismatch));
afterEach(() => {
  const found = mismatches.splice(0);
  expect(found, 'answers that do not match their route\'s declared response').toEqual([]);
});

// The postgres run found no server: every test reports as skipped (describeHttp skips whole files;
// this also catches tests written outside it).
if (database.kind === 'skipped') beforeEach((context) => context.skip(database.reason));

afterAll(async () => {
  if (database.kind === 'skipped') return;
  if (database.kind === 'postgres' && database.readUrl) await expectReplicaReads();
  const { closeDb } = await import('@/lib/db/prisma');
  await closeDb();
});

/** With a replica configured, a file whose whole-scope reads all ran on the primary did not test the replica. */
async function expectReplicaReads(): Promise<void> {
  const { replicaReadCounts } = await import('@/lib/db/replicas/replica-status');
  const counts = replicaReadCounts();
  if (!counts) return;
  const onPrimary = Object.values(counts.primary).reduce((a, b) => a + b, 0);
  console.info(`[replicas] whole-scope reads in this file: ${counts.replica} on replicas, ${onPrimary} on the primary ${JSON.stringify(counts.primary)}`);
  if (counts.replica + onPrimary > 0) expect(counts.replica, 'whole-scope reads that ran on a replica').toBeGreaterThan(0);
}
