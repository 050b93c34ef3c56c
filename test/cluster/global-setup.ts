import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from './harness/build';

// Global setup of the `cluster` project: it needs a PostgreSQL server (PGlite belongs to one
// process, so there is no cluster on it) and one production build, made here once for every file.
// An unreachable server skips the suite with a marker for the test runner, unless
// STIGMEM_TEST_PG_REQUIRED=1 (CI), where it fails.

export type ClusterServer = { kind: 'postgres'; serverUrl: string; firstPort: number | null } | { kind: 'skipped'; reason: string };

declare module 'vitest' {
  export interface ProvidedContext {
    stigmemClusterServer: ClusterServer;
  }
}

const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const SKIP_MARKER = path.resolve(__dirname, '..', '..', '.test-reports', 'cluster-skipped');

export default async function setup(project: TestProject): Promise<void> {
  rmSync(SKIP_MARKER, { force: true });
  const serverUrl = process.env.STIGMEM_TEST_PG_URL || DEFAULT_SERVER_URL;
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.end();
  } catch (error) {
    await client.end().catch(() => undefined);
    const redacted = Object.assign(new URL(serverUrl), { password: '' }).toString();
    const reason = `PostgreSQL not reachable at ${redacted} (${(error as Error).message})`;
    if (process.env.STIGMEM_TEST_PG_REQUIRED === '1') throw new Error(`${reason}; STIGMEM_TEST_PG_REQUIRED=1, so the cluster suite cannot be skipped`, { cause: error });
    console.warn(`\n${reason}: skipping the cluster suite (many instances need PostgreSQL)\n`);
    mkdirSync(path.dirname(SKIP_MARKER), { recursive: true });
    writeFileSync(SKIP_MARKER, `${reason}\n`);
    project.provide('stigmemClusterServer', { kind: 'skipped', reason });
    return;
  }
  ensureBuilt((line) => console.log(line));
  const firstPort = process.env.CLUSTER_PORT ? Number(process.env.CLUSTER_PORT) : null;
  project.provide('stigmemClusterServer', { kind: 'postgres', serverUrl, firstPort });
}
