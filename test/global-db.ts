import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

// Global setup of the `http` project. TEST_DB=pglite (default): every test file opens its own
// in-memory PGlite, loaded from one template migrated here once (a fresh PGlite and its migrations
// took ~5–10 s per file; loading the template takes ~1 s). TEST_DB=postgres: create a fresh database on the server at
// STIGMEM_TEST_PG_URL, hand its URL to the workers, and drop it afterwards. An unreachable server
// skips the postgres run (leaving a marker for the test runner) unless STIGMEM_TEST_PG_REQUIRED=1.

/** `readUrl`: a streaming replica of `url` (the `replicas` project, test/replicas/global-cluster.ts). */
export type TestDatabase = { kind: 'pglite'; template: string } | { kind: 'postgres'; url: string; readUrl?: string } | { kind: 'skipped'; reason: string };

declare module 'vitest' {
  export interface ProvidedContext {
    stigmemTestDatabase: TestDatabase;
  }
}

const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const SKIP_MARKER = path.resolve(__dirname, '..', '.test-reports', 'postgres-skipped');

export function testDbKind(): 'pglite' | 'postgres' {
  const kind = (process.env.TEST_DB ?? 'pglite').toLowerCase();
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`TEST_DB must be "pglite" or "postgres", got "${process.env.TEST_DB}"`);
  return kind;
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = await connect(serverUrl);
  try {
    // Workers are gone by now, but a pool may linger for a moment: end its sessions first.
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A migrated, empty PGlite data directory as a tarball in a temporary folder: its path. */
async function migratedPgliteTemplate(): Promise<string> {
  const [{ PGlite }, { PrismaPGlite }, { applyMigrations }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('pglite-prisma-adapter'),
    import('../lib/db/schema-engine'),
  ]);
  const db = new PGlite();
  try {
    await applyMigrations(new PrismaPGlite(db));
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'stigmem-pglite-template-')), 'template.tar');
    writeFileSync(file, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
    return file;
  } finally {
    await db.close();
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (testDbKind() === 'pglite') {
    const template = await migratedPgliteTemplate();
    project.provide('stigmemTestDatabase', { kind: 'pglite', template });
    return async () => rmSync(path.dirname(template), { recursive: true, force: true });
  }
  rmSync(SKIP_MARKER, { force: true });
  const serverUrl = process.env.STIGMEM_TEST_PG_URL || DEFAULT_SERVER_URL;
  let admin: pg.Client;
  try {
    admin = await connect(serverUrl);
  } catch (error) {
    const reason = `PostgreSQL not reachable at ${redact(serverUrl)} (${(error as Error).message})`;
    if (process.env.STIGMEM_TEST_PG_REQUIRED === '1') throw new Error(`${reason}; STIGMEM_TEST_PG_REQUIRED=1, so the postgres HTTP suite cannot be skipped`, { cause: error });
    console.warn(`\n${reason}: skipping the postgres HTTP suite\n`);
    mkdirSync(path.dirname(SKIP_MARKER), { recursive: true });
    writeFileSync(SKIP_MARKER, `${reason}\n`);
    project.provide('stigmemTestDatabase', { kind: 'skipped', reason });
    return undefined;
  }
  const name = `stigmem_test_${randomBytes(6).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  project.provide('stigmemTestDatabase', { kind: 'postgres', url: url.toString() });
  return () => dropDatabase(serverUrl, name);
}
