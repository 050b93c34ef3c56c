import 'server-only';
import type pg from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { createAdapterFactory, closeSharedPglite, migrationAdapter } from './connection';
import { applyMigrations } from './schema-engine';

// The one Prisma access module. Every domain module gets its client from here; the first caller
// in a process applies pending migrations, so a started server is always on the latest schema.

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

type State = { client: Db; ready: Promise<Db>; pool: pg.Pool | null };
const globalState = globalThis as unknown as { __stigmemDb?: State };

export function getDb(): Promise<Db> {
  if (!globalState.__stigmemDb) {
    const { factory, pool } = createAdapterFactory();
    const client = new PrismaClient({ adapter: factory });
    // Migrations go through an adapter of their own (see migrationAdapter), never the client's pool.
    const migration = migrationAdapter();
    const ready = applyMigrations(migration.factory, migration.release).then(() => client);
    globalState.__stigmemDb = { client, ready, pool };
    ready.catch(() => {
      globalState.__stigmemDb = undefined;
    });
  }
  return globalState.__stigmemDb.ready;
}

/** The primary's pg pool under the client (PostgreSQL; null on PGlite), for the rare statement Prisma makes slow (connection.ts). */
export async function getPrimaryPool(): Promise<pg.Pool | null> {
  await getDb();
  return globalState.__stigmemDb?.pool ?? null;
}

const closeHooks = new Set<() => Promise<void>>();

/** Work to finish before the database closes (a maintenance run under way). */
export function onDbClose(hook: () => Promise<void>): void {
  closeHooks.add(hook);
}

/** Closes the client (tests and scripts); the next getDb() opens a new one. */
export async function closeDb(): Promise<void> {
  for (const hook of closeHooks) await hook();
  const state = globalState.__stigmemDb;
  globalState.__stigmemDb = undefined;
  if (state) {
    await state.ready.catch(() => undefined);
    await state.client.$disconnect();
  }
  await closeSharedPglite();
}

/** Long enough for a 1,000-fact batch or a sweep chunk on the embedded database. */
export const TX_OPTIONS = { maxWait: 60_000, timeout: 120_000 } as const;
