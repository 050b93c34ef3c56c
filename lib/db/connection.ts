import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { config } from '../config/config';
import { yieldBetweenStatements } from './yield-between-statements';

// Which database this process talks to: DATABASE_URL (any PostgreSQL, through the official pg
// adapter) or the embedded PGlite under STIGMEM_DATA_DIR (default ./data; "memory://" keeps it in RAM).

export type DatabaseKind = 'postgres' | 'pglite';

export function databaseKind(): DatabaseKind {
  return config().database.url ? 'postgres' : 'pglite';
}

export function pgliteDataDir(): string {
  const dir = config().database.dataDir ?? path.join(process.cwd(), 'data');
  return dir.startsWith('memory://') ? dir : path.join(dir, 'pglite');
}

export function describeDatabase(): string {
  if (databaseKind() === 'postgres') {
    const url = new URL(config().database.url!);
    return `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`;
  }
  return `embedded PGlite (${pgliteDataDir()})`;
}

// On globalThis, like the Prisma client (lib/db/prisma.ts): Next bundles this module into several
// chunks of one server, and a module-level variable per chunk could open the data directory twice
// or leave /metrics reading a PGlite that was never opened in its chunk.
const holder = globalThis as unknown as { __stigmemPglite?: PGlite };

/** One PGlite per process: it is a single session, so every connection shares it. */
export function sharedPglite(): PGlite {
  if (!holder.__stigmemPglite) {
    const dir = pgliteDataDir();
    if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
    holder.__stigmemPglite = new PGlite(dir);
  }
  return holder.__stigmemPglite;
}

/**
 * Makes `db` the process's PGlite (before the first use): the HTTP tests open each file's in-memory
 * database from one migrated template instead of running every migration again (test/global-db.ts).
 */
export function useSharedPglite(db: PGlite): void {
  if (holder.__stigmemPglite) throw new Error('the embedded database is already open');
  holder.__stigmemPglite = db;
}

/**
 * Bytes of the embedded database's WebAssembly heap, or null on PostgreSQL or before it opened.
 * The heap only grows, and it has a hard ceiling: out of it, PGlite reports error 53200.
 */
export function pgliteHeapBytes(): number | null {
  // PGlite keeps its Emscripten module protected; its heap is the one number worth watching.
  const mod = (holder.__stigmemPglite as unknown as { mod?: { HEAPU8?: Uint8Array } } | undefined)?.mod;
  return mod?.HEAPU8?.byteLength ?? null;
}

export async function closeSharedPglite(): Promise<void> {
  const db = holder.__stigmemPglite;
  holder.__stigmemPglite = undefined;
  if (db && !db.closed) await db.close();
}

/**
 * PrismaPg's executeScript splits a migration script on every ";", which cuts dollar-quoted
 * PL/pgSQL bodies (the facts_immutable trigger) apart. A query without parameters goes over the
 * simple query protocol, which runs the whole script as one implicit transaction.
 */
class PrismaPgWholeScripts extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    adapter.executeScript = async (script: string) => {
      await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
    };
    return adapter;
  }
}

/** PGlite runs in this thread: its adapter lets the event loop turn before each statement (yield-between-statements.ts). */
class PrismaPGliteTurning extends PrismaPGlite {
  override async connect() {
    return yieldBetweenStatements(await super.connect());
  }
}

/**
 * The node's adapter, and on PostgreSQL the pool under it: the few statements that send megabytes
 * of parameters (a job's result pages) go to the pool directly, where Prisma spent about 2 ms of
 * CPU per 300 kB page against 0.45 ms (lib/jobs/result-pages.ts). Ended with the client.
 */
export function createAdapterFactory(): { factory: SqlMigrationAwareDriverAdapterFactory; pool: pg.Pool | null } {
  if (databaseKind() === 'postgres') {
    const pool = new pg.Pool({ connectionString: config().database.url!, max: config().database.pool });
    return { factory: new PrismaPgWholeScripts(pool, { disposeExternalPool: true }), pool };
  }
  return { factory: new PrismaPGliteTurning(sharedPglite()), pool: null };
}

/**
 * An adapter for the migration engine alone. On PostgreSQL a small pool of its own, ended by
 * release(): the engine takes a session advisory lock and may give it back on another session of a
 * shared pool, where it would stay held and stop every other instance's migrations
 * (lib/db/schema-engine.ts); ending the pool ends whatever it holds. On PGlite the shared database,
 * which release() leaves open.
 */
export function migrationAdapter(): { factory: SqlMigrationAwareDriverAdapterFactory; release: () => Promise<void> } {
  if (databaseKind() === 'postgres') {
    const pool = new pg.Pool({ connectionString: config().database.url!, max: 2 });
    return { factory: new PrismaPgWholeScripts(pool), release: () => pool.end() };
  }
  return { factory: new PrismaPGlite(sharedPglite()), release: async () => undefined };
}

/** For scripts: the migration adapter, and a close that also closes the embedded database. */
export async function openMigrationAdapter(): Promise<{ factory: SqlMigrationAwareDriverAdapterFactory; close: () => Promise<void> }> {
  const { factory, release } = migrationAdapter();
  return {
    factory,
    close: async () => {
      await release();
      await closeSharedPglite();
    },
  };
}
