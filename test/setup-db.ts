import { afterAll, beforeEach, inject } from 'vitest';
import { TEST_ADMIN_KEY } from './harness/constants';

// Runs in the worker before each HTTP test file: points the node at the database chosen by
// test/global-db.ts (a fresh in-memory PGlite per file, or the shared PostgreSQL test database)
// and provisions the admin key. Settings that change node behaviour are cleared, so a developer's
// environment cannot leak into the run.

const database = inject('stigmemTestDatabase');

for (const name of ['DATABASE_URL', 'STIGMEM_DATA_DIR', 'STIGMEM_AUTH_REQUIRED', 'STIGMEM_NODE_ID', 'STIGMEM_NODE_URL', 'STIGMEM_ADMIN_ENTITY', 'STIGMEM_CONFLICT_COOLDOWN_DAYS']) {
  delete process.env[name];
}
process.env.STIGMEM_ADMIN_KEY = TEST_ADMIN_KEY;
if (database.kind === 'postgres') {
  process.env.DATABASE_URL = database.url;
  process.env.STIGMEM_DB_POOL = '5';
} else {
  process.env.STIGMEM_DATA_DIR = 'memory://';
}

// The postgres run found no server: every test reports as skipped (describeHttp skips whole files;
// this also catches tests written outside it).
if (database.kind === 'skipped') beforeEach((context) => context.skip(database.reason));

afterAll(async () => {
  if (database.kind === 'skipped') return;
  const { closeDb } = await import('@/lib/db/prisma');
  await closeDb();
});
