import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

// Children that run TypeScript fixtures against databases of their own (the crash tests). Node
// itself runs them with tsx's loader, in one process: the tsx command line would start a second
// node process, and a SIGKILL (what the crash tests send) cannot be passed on, so that second
// process would live on holding the database.

const ROOT = path.resolve(__dirname, '../..');

/** [command, args] for `node --import tsx --conditions=react-server <fixture> …args` in the repository root. */
export function tsxChild(fixture: string, ...args: string[]): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', '--conditions=react-server', path.join(ROOT, fixture), ...args]];
}

/**
 * A factory of empty databases for children, removed when the file's tests end: a fresh database
 * on the test PostgreSQL server, or a fresh PGlite data directory. Each is the environment
 * (DATABASE_URL or STIGMEM_DATA_DIR) that points a child at it.
 */
export function throwawayDatabases(prefix: string): () => Promise<Record<string, string>> {
  const database = inject('stigmemTestDatabase');
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });
  return async (): Promise<Record<string, string>> => {
    if (database.kind === 'postgres') {
      const url = new URL(database.url);
      const admin = async (sql: string) => {
        const client = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
        await client.connect();
        await client.query(sql);
        await client.end();
      };
      const name = `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
      await admin(`CREATE DATABASE ${name}`);
      cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      return { DATABASE_URL: Object.assign(new URL(url), { pathname: `/${name}` }).toString() };
    }
    const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return { STIGMEM_DATA_DIR: dir };
  };
}
