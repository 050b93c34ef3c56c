import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';

// Which database this process talks to: DATABASE_URL (any PostgreSQL, through the official pg
// adapter) or the embedded PGlite under STIGMEM_DATA_DIR (default ./data; "memory://" keeps it in RAM).

export type DatabaseKind = 'postgres' | 'pglite';

export function databaseKind(): DatabaseKind {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

export function pgliteDataDir(): string {
  const dir = process.env.STIGMEM_DATA_DIR || path.join(process.cwd(), 'data');
  return dir.startsWith('memory://') ? dir : path.join(dir, 'pglite');
}

export function describeDatabase(): string {
  if (databaseKind() === 'postgres') {
    const url = new URL(process.env.DATABASE_URL!);
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

export function createAdapterFactory(): SqlMigrationAwareDriverAdapterFactory {
  if (databaseKind() === 'postgres') {
    return new PrismaPgWholeScripts({ connectionString: process.env.DATABASE_URL!, max: Number(process.env.STIGMEM_DB_POOL ?? 10) });
  }
  return new PrismaPGlite(sharedPglite());
}

export async function openMigrationAdapter(): Promise<{ factory: SqlMigrationAwareDriverAdapterFactory; close: () => Promise<void> }> {
  return { factory: createAdapterFactory(), close: closeSharedPglite };
}
