import { Prisma } from '../../generated/prisma/client';
import { databaseKind } from '../connection';
import { DEFAULT_THRESHOLDS, maintenanceNeed, type TableStats, type Thresholds } from './maintenance-policy';
import { openMaintenanceSession } from './maintenance-session';
import { quoteTable, TABLE_STATS_SQL, type TableStatsRow } from './table-stats';
import { formatInstant } from '../../time/instant';

// One maintenance run: read every table's statistics, then ANALYZE and VACUUM each table that is
// due, one statement at a time (on PGlite each statement briefly holds the one session; between
// them writers go on). VACUUM never truncates the table's tail: truncation needs an exclusive lock
// that would make writers wait on PostgreSQL.

export interface MaintenanceAction {
  table: string;
  action: 'analyze' | 'vacuum' | 'vacuum analyze';
  reasons: string[];
  duration_ms: number;
  error?: string;
}

export interface MaintenanceRun {
  started_at: string;
  finished_at: string;
  duration_ms: number;
  /** skipped: another app instance (or run) holds the maintenance lock. */
  outcome: 'done' | 'skipped' | 'failed';
  detail?: string;
  actions: MaintenanceAction[];
}

export function toTableStats(row: TableStatsRow, localChanges: number): TableStats {
  return {
    table: row.table,
    estimatedRows: row.estimated_rows,
    liveRows: row.live_rows,
    deadRows: row.dead_rows,
    modifiedSinceAnalyze: row.modified_since_analyze,
    insertedSinceVacuum: row.inserted_since_vacuum,
    localChanges,
  };
}

function statement(action: MaintenanceAction['action'], table: string): Prisma.Sql {
  const name = Prisma.raw(quoteTable(table));
  if (action === 'analyze') return Prisma.sql`ANALYZE ${name}`;
  if (action === 'vacuum') return Prisma.sql`VACUUM (TRUNCATE false) ${name}`;
  return Prisma.sql`VACUUM (ANALYZE, TRUNCATE false) ${name}`;
}

export interface RunOptions {
  /** Rows this process wrote per table since it last analyzed it. */
  localChanges: ReadonlyMap<string, number>;
  /** Called with the statistics read at the start of the run. */
  onStats?: (rows: TableStatsRow[]) => void;
  /** Called after a table was analyzed, with the local count that ANALYZE accounted for. */
  onAnalyzed?: (table: string, accountedChanges: number) => void;
  /** Analyze and vacuum every table, due or not (the admin's "run now, all tables"). */
  everyTable?: boolean;
  thresholds?: Thresholds;
  now?: () => Date;
}

export async function runMaintenance(options: RunOptions): Promise<MaintenanceRun> {
  const now = options.now ?? (() => new Date());
  const started = now();
  const actions: MaintenanceAction[] = [];
  const finish = (outcome: MaintenanceRun['outcome'], detail?: string): MaintenanceRun => {
    const finished = now();
    return { started_at: formatInstant(started), finished_at: formatInstant(finished), duration_ms: finished.getTime() - started.getTime(), outcome, ...(detail ? { detail } : {}), actions };
  };
  const session = await openMaintenanceSession().catch((error: Error) => error);
  if (session instanceof Error) return finish('failed', `could not open a maintenance session: ${session.message}`);
  if (!session) return finish('skipped', 'another run holds the maintenance lock');
  try {
    // PGlite's one backend reports its writes' table counters at most once a second. Reported after
    // this run's ANALYZE they would count those rows again: n_live_tup read 6,860 for 4,860 rows and
    // 520 dead rows stayed after a VACUUM (test/http/maintenance.test.ts, flaky until this flush).
    if (databaseKind() === 'pglite') await session.execute(Prisma.sql`SELECT pg_stat_force_next_flush()`);
    const rows = await session.query<TableStatsRow>(TABLE_STATS_SQL);
    options.onStats?.(rows);
    for (const row of rows) {
      const accounted = options.localChanges.get(row.table) ?? 0;
      const need = maintenanceNeed(toTableStats(row, accounted), options.thresholds ?? DEFAULT_THRESHOLDS);
      const analyze = need.analyze || options.everyTable;
      const vacuum = need.vacuum || options.everyTable;
      if (!analyze && !vacuum) continue;
      const action: MaintenanceAction['action'] = analyze && vacuum ? 'vacuum analyze' : analyze ? 'analyze' : 'vacuum';
      const reasons = need.reasons.length ? need.reasons : ['requested for every table'];
      const began = performance.now();
      try {
        await session.execute(statement(action, row.table));
        if (analyze) options.onAnalyzed?.(row.table, accounted);
        actions.push({ table: row.table, action, reasons, duration_ms: Math.round(performance.now() - began) });
      } catch (error) {
        // One table's failure (a lock timeout behind a migration) must not stop the others.
        actions.push({ table: row.table, action, reasons, duration_ms: Math.round(performance.now() - began), error: (error as Error).message });
      }
    }
    const failures = actions.filter((a) => a.error);
    return failures.length ? finish('failed', `${failures.length} of ${actions.length} statements failed; the next run tries again`) : finish('done');
  } catch (error) {
    return finish('failed', (error as Error).message);
  } finally {
    await session.release().catch(() => undefined);
  }
}
