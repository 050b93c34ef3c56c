import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { closeDb, getDb } from '../../lib/db/prisma';
import { reloadConfig } from '../../lib/config/config';

// The databases the benchmark measures. Each measurement asks for a fresh, migrated database and
// disposes of it afterwards: PGlite in a temporary data folder (on disk, as in production), and
// PostgreSQL as a new database `stigmem_bench_<random>` on the server named by BENCH_PG_URL
// (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards. The app's Prisma
// module reads DATABASE_URL / STIGMEM_DATA_DIR on first use, so activating a database is setting
// those and closing the previous client.

export interface FreshDatabase {
  /** Database label for the table, e.g. "PostgreSQL 15.4". */
  label: string;
  dispose(): Promise<void>;
}

/** An empty database for a started server, which migrates it itself as `npm start` does. */
export interface EmptyDatabase extends FreshDatabase {
  /** The server's environment: STIGMEM_DATA_DIR or DATABASE_URL. */
  env: Record<string, string>;
  /** Points this process's app modules at it (for the in-process rows; the server must be stopped on PGlite). */
  activate(): Promise<void>;
  /** Closes this process's client again. */
  deactivate(): Promise<void>;
}

export interface BenchDatabase {
  name: string;
  /** Null when the database can be measured; else why not (shown in the table). */
  unavailable(): Promise<string | null>;
  /** Creates a fresh database, points the app at it and applies the migrations. */
  fresh(): Promise<FreshDatabase>;
  /** Creates an empty database (no migrations) for a server to start on. */
  empty(): Promise<EmptyDatabase>;
}

const savedEnv = { DATABASE_URL: process.env.DATABASE_URL, STIGMEM_DATA_DIR: process.env.STIGMEM_DATA_DIR };

async function activate(env: { DATABASE_URL?: string; STIGMEM_DATA_DIR?: string }): Promise<void> {
  await closeDb();
  for (const key of ['DATABASE_URL', 'STIGMEM_DATA_DIR'] as const) {
    if (env[key] === undefined) delete process.env[key];
    else process.env[key] = env[key];
  }
  reloadConfig();
  await getDb();
}

async function restore(): Promise<void> {
  await closeDb();
  for (const key of ['DATABASE_URL', 'STIGMEM_DATA_DIR'] as const) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  reloadConfig();
}

export function pgliteDatabase(): BenchDatabase {
  return {
    name: 'PGlite (temp dir)',
    unavailable: async () => null,
    async empty() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'stigmem-bench-'));
      const env = { STIGMEM_DATA_DIR: dir };
      return {
        label: 'PGlite (temp dir)',
        env,
        activate: () => activate(env),
        deactivate: restore,
        async dispose() {
          await restore();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
    async fresh() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'stigmem-bench-'));
      await activate({ STIGMEM_DATA_DIR: dir });
      return {
        label: 'PGlite (temp dir)',
        async dispose() {
          await restore();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

export function postgresDatabase(adminUrl: string): BenchDatabase {
  let version = '';
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'PostgreSQL',
    async unavailable() {
      try {
        version = await admin(async (c) => (await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0].v);
        return null;
      } catch (error) {
        const url = new URL(adminUrl);
        return `no PostgreSQL reachable at ${url.hostname}:${url.port || 5432} (${(error as Error).message}); set BENCH_PG_URL`;
      }
    },
    async empty() {
      const name = `stigmem_bench_${randomBytes(4).toString('hex')}`;
      await admin((c) => c.query(`CREATE DATABASE ${name}`));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const env = { DATABASE_URL: url.toString() };
      return {
        label: `PostgreSQL ${version.split(' ')[0]}`,
        env,
        activate: () => activate(env),
        deactivate: restore,
        async dispose() {
          await restore();
          await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        },
      };
    },
    async fresh() {
      const name = `stigmem_bench_${randomBytes(4).toString('hex')}`;
      await admin((c) => c.query(`CREATE DATABASE ${name}`));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      try {
        await activate({ DATABASE_URL: url.toString() });
      } catch (error) {
        await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        throw error;
      }
      return {
        label: `PostgreSQL ${version.split(' ')[0]}`,
        async dispose() {
          await restore();
          await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        },
      };
    },
  };
}
