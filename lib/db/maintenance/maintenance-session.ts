import pg from 'pg';
import { databaseKind } from '../connection';
import { getDb } from '../prisma';
import type { Prisma } from '../../generated/prisma/client';
import { config } from '../../config/config';
import { logger } from '../../observability/logger';

// Where maintenance statements run. VACUUM cannot run inside a transaction, and on PostgreSQL only
// one app instance may run maintenance at a time, so there it gets a connection of its own outside
// the pool: it takes a session-level advisory lock (released by the server if the process dies, so
// a crash mid-maintenance leaves no lock and no state behind: ANALYZE and VACUUM are themselves
// crash-safe), sets a lock timeout so it never queues behind DDL, and closes when done. PGlite
// belongs to one process, whose statements already run one at a time; there an in-process flag is
// the whole lock.

/** Distinct from the migration lock (lib/db/schema-engine.ts); the write path's locks use the two-key form. */
export const MAINTENANCE_LOCK_KEY = 7_165_930_212;

export interface MaintenanceSession {
  query<T>(sql: Prisma.Sql): Promise<T[]>;
  execute(statement: Prisma.Sql): Promise<void>;
  release(): Promise<void>;
}

let pgliteBusy = false;

async function openPglite(): Promise<MaintenanceSession | null> {
  if (pgliteBusy) return null;
  pgliteBusy = true;
  const db = await getDb();
  return {
    query: <T>(sql: Prisma.Sql) => db.$queryRaw<T[]>(sql),
    execute: async (statement) => {
      await db.$executeRaw(statement);
    },
    release: async () => {
      pgliteBusy = false;
    },
  };
}

async function openPostgres(): Promise<MaintenanceSession | null> {
  const client = new pg.Client({ connectionString: config().database.url ?? undefined, application_name: 'stigmem-maintenance' });
  // A session the server ends (an administrator's pg_terminate_backend, a restart) fails its current
  // statement; the error event must not take the process down with it.
  client.on('error', (error) => logger().error({ reason: error.message }, 'maintenance session ended'));
  await client.connect();
  try {
    // ANALYZE and VACUUM take SHARE UPDATE EXCLUSIVE, which writers never wait for; this only keeps
    // maintenance from waiting (and making others wait behind it) on a migration's lock.
    await client.query(`SET lock_timeout = '2s'`);
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [MAINTENANCE_LOCK_KEY]);
    if (!rows[0]?.locked) {
      await client.end();
      return null;
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    query: async <T>(sql: Prisma.Sql) => (await client.query(sql.text, sql.values as unknown[])).rows as T[],
    execute: async (statement) => {
      await client.query(statement.text, statement.values as unknown[]);
    },
    // Ending the session releases its advisory lock.
    release: () => client.end(),
  };
}

/** A session holding the maintenance lock, or null when another instance (or run) holds it. */
export function openMaintenanceSession(): Promise<MaintenanceSession | null> {
  return databaseKind() === 'postgres' ? openPostgres() : openPglite();
}
