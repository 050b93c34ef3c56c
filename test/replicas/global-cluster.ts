import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { TestDatabase } from '../global-db';
import { findPgBinaries, PgCluster, serverUser, waitForReplay } from './pg-cluster';

// Global setup of the `replicas` project: a PostgreSQL primary of our own and one streaming replica
// of it (test/replicas/pg-cluster.ts), a fresh database on the primary, and its URLs handed to the
// workers (DATABASE_URL and DATABASE_READ_URL, set by test/setup-db.ts). Where the server binaries
// are missing the project is skipped with the reason (a marker tells the test runner), unless
// STIGMEM_TEST_PG_REQUIRED=1 (CI), where that is a failure.

declare module 'vitest' {
  export interface ProvidedContext {
    stigmemReplicaCluster: { binDir: string; root: string; primaryPort: number } | null;
  }
}

const SKIP_MARKER = path.resolve(__dirname, '..', '..', '.test-reports', 'replicas-skipped');
export const REPLICA_TEST_DATABASE = 'stigmem_replica_test';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  rmSync(SKIP_MARKER, { force: true });
  const found = findPgBinaries();
  const user = serverUser();
  const missing = 'missing' in found ? found.missing : 'missing' in user ? user.missing : null;
  if (missing || !('binaries' in found) || !('runAs' in user)) {
    const reason = `read-replica suite skipped: ${missing}`;
    if (process.env.STIGMEM_TEST_PG_REQUIRED === '1') throw new Error(`${reason}; STIGMEM_TEST_PG_REQUIRED=1, so it cannot be skipped`);
    console.warn(`\n${reason}\n`);
    mkdirSync(path.dirname(SKIP_MARKER), { recursive: true });
    writeFileSync(SKIP_MARKER, `${reason}\n`);
    project.provide('stigmemTestDatabase', { kind: 'skipped', reason } satisfies TestDatabase);
    project.provide('stigmemReplicaCluster', null);
    return undefined;
  }
  const cluster = new PgCluster(found.binaries, user.runAs);
  try {
    const primary = await cluster.startPrimary();
    const admin = new pg.Client({ connectionString: primary.url() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${REPLICA_TEST_DATABASE}`);
    await admin.end();
    const replica = await cluster.startReplica(primary, 'replica-a');
    await waitForReplay(primary.url(REPLICA_TEST_DATABASE), replica.url(REPLICA_TEST_DATABASE));
    project.provide('stigmemTestDatabase', { kind: 'postgres', url: primary.url(REPLICA_TEST_DATABASE), readUrl: replica.url(REPLICA_TEST_DATABASE) } satisfies TestDatabase);
    project.provide('stigmemReplicaCluster', { binDir: found.binaries.dir, root: cluster.root, primaryPort: primary.port });
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return () => cluster.destroy();
}
