import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';

// Files whose assertions follow a scope's sequence of health runs and alerts ("the latest run",
// "new since the previous run", "rows computed for every day") cannot share a scope with another
// file writing runs at the same moment. On PGlite every test file has a database of its own; on
// PostgreSQL all files share one, so these files take turns: each holds a session advisory lock on
// a connection of its own from its first test to its last.

const TURN_LOCK = 7_165_930_777;

export function takeTurnsOnScopeHistory(): void {
  const database = inject('stigmemTestDatabase');
  if (database.kind !== 'postgres') return;
  let client: pg.Client | null = null;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: database.url, application_name: 'stigmem-test-turns' });
    await client.connect();
    await client.query('SELECT pg_advisory_lock($1)', [TURN_LOCK]);
  }, 600_000);
  afterAll(async () => {
    await client?.end();
  });
}
