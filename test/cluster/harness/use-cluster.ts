import { afterAll, beforeAll, describe, inject } from 'vitest';
import { setEnv } from '../../harness/env';
import { type Cluster, type ClusterOptions, createCluster, startInstances } from './cluster';

// The top of every cluster test file: a describe skipped as a whole when no PostgreSQL answers, and
// a cluster started before its tests and stopped after them. The test process itself also points
// the node's modules at the cluster's database, to read it the way the HTTP tests' checks do
// (test/harness/invariants.ts); it never serves a request.

const server = inject('stigmemClusterServer');

export const describeCluster = describe.skipIf(server.kind === 'skipped');

export function useCluster(options: Omit<ClusterOptions, 'serverUrl' | 'firstPort'>): () => Cluster {
  let cluster: Cluster | undefined;
  beforeAll(async () => {
    if (server.kind === 'skipped') return;
    cluster = await createCluster({ ...options, serverUrl: server.serverUrl, firstPort: server.firstPort ?? undefined });
    await startInstances(cluster, options.size);
    setEnv({ DATABASE_URL: cluster.databaseUrl, STIGMEM_DATA_DIR: undefined, STIGMEM_DB_POOL: '3' });
  });
  afterAll(async () => {
    const { closeDb } = await import('@/lib/db/prisma');
    await closeDb();
    await cluster?.stop();
  });
  return () => {
    if (!cluster) throw new Error('the cluster did not start');
    return cluster;
  };
}
