import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

// Statements straight against a bench database (not through the app, which would migrate an older
// checkout's schema first), each timed: `env` is the database's as the bench server got it.

export interface TimedResult<R> {
  rows: R[];
  seconds: number;
}

export async function runSql<R = Record<string, unknown>>(env: Record<string, string>, statements: string[]): Promise<TimedResult<R>[]> {
  const results: TimedResult<R>[] = [];
  const time = async (run: () => Promise<R[]>) => {
    const started = performance.now();
    const rows = await run();
    results.push({ rows, seconds: (performance.now() - started) / 1000 });
  };
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      for (const sql of statements) await time(async () => (await client.query(sql)).rows as R[]);
    } finally {
      await client.end();
    }
    return results;
  }
  // Where the server keeps it (lib/db/connection.ts, pgliteDataDir).
  const db = new PGlite(path.join(env.STIGMEM_DATA_DIR, 'pglite'));
  try {
    for (const sql of statements) await time(async () => (await db.query<R>(sql)).rows);
  } finally {
    await db.close();
  }
  return results;
}
