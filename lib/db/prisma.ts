import 'server-only';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { createAdapterFactory, closeSharedPglite, migrationAdapter } from './connection';
import { applyMigrations } from './schema-engine';

// The one Prisma access module. Every domain module gets its client from here; the first caller
// in a process applies pending migrations, so a started server is always on the latest schema.

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

type State = { client: Db; ready: Promise<Db>; pool: pg.Pool | null; side?: Promise<pg.Client> };
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

/**
 * On PostgreSQL, one connection of its own beside the pool, for a statement that must commit at once
 * while a transaction of the pool is open (the HLC clock, lib/facts/issue-hlcs.ts); null on PGlite.
 * Not from the pool: writers waiting for it while holding every pooled connection would wait forever.
 * A broken connection is replaced at the next call.
 */
export async function getSideClient(): Promise<pg.Client | null> {
  const pool = await getPrimaryPool();
  const state = globalState.__stigmemDb;
  if (!pool || !state) return null;
  if (!state.side) {
    const client = new pg.Client({ connectionString: (pool.options as pg.PoolConfig).connectionString });
    const dropped = () => {
      if (state.side === connected) state.side = undefined;
    };
    client.on('error', dropped);
    client.on('end', dropped);
    const connected = client.connect().then(() => client);
    state.side = connected;
    connected.catch(dropped);
  }
  return state.side;
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
    await state.side?.then((side) => side.end()).catch(() => undefined);
    await state.client.$disconnect();
  }
  await closeSharedPglite();
}

/** Long enough for a 1,000-fact batch or a sweep chunk on the embedded database. */
export const TX_OPTIONS = { maxWait: 60_000, timeout: 120_000 } as const;
