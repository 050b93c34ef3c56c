import { databaseKind } from '../connection';
import { getDb } from '../prisma';
import { Prisma } from '../../generated/prisma/client';
import { changesSinceAnalyze, DEFAULT_THRESHOLDS, maintenanceNeed, type Thresholds } from './maintenance-policy';
import { localChanges, maintenanceSchedulerStatus, type SchedulerStatus } from './maintenance-scheduler';
import { toTableStats } from './run-maintenance';
import { TABLE_STATS_SQL, type TableStatsRow } from './table-stats';
import { formatInstantOrNull } from '../../time/instant';

// GET /v1/admin/maintenance: per table what the database knows (rows, dead rows, changes since the
// last ANALYZE, when each last ran, by us or by autovacuum) and what is due now.

export interface TableMaintenance {
  table: string;
  rows: number;
  estimated_rows: number;
  dead_rows: number;
  changes_since_analyze: number;
  inserted_since_vacuum: number;
  size_bytes: number;
  last_analyze: string | null;
  last_autoanalyze: string | null;
  last_vacuum: string | null;
  last_autovacuum: string | null;
  analyze_due: boolean;
  vacuum_due: boolean;
  reasons: string[];
}

export interface MaintenanceStatus {
  engine: 'pglite' | 'postgres';
  /** "off" on PGlite (it has none) and wherever the server's setting is off. */
  autovacuum: 'on' | 'off';
  thresholds: WireThresholds;
  scheduler: SchedulerStatus;
  tables: TableMaintenance[];
}

const iso = (date: Date | null) => formatInstantOrNull(date);

/** The thresholds as the wire names them (snake_case, like every other field). */
interface WireThresholds {
  analyze_base: number;
  analyze_scale: number;
  vacuum_base: number;
  vacuum_scale: number;
  insert_vacuum_base: number;
  insert_vacuum_scale: number;
}

const wireThresholds = (t: Thresholds): WireThresholds => ({
  analyze_base: t.analyzeBase,
  analyze_scale: t.analyzeScale,
  vacuum_base: t.vacuumBase,
  vacuum_scale: t.vacuumScale,
  insert_vacuum_base: t.insertVacuumBase,
  insert_vacuum_scale: t.insertVacuumScale,
});

export async function getMaintenanceStatus(): Promise<MaintenanceStatus> {
  const db = await getDb();
  const rows = await db.$queryRaw<TableStatsRow[]>(TABLE_STATS_SQL);
  const engine = databaseKind();
  const [setting] = engine === 'postgres' ? await db.$queryRaw<{ on: boolean }[]>(Prisma.sql`SELECT current_setting('autovacuum') = 'on' AS "on"`) : [{ on: false }];
  const local = localChanges();
  return {
    engine,
    autovacuum: setting?.on ? 'on' : 'off',
    thresholds: wireThresholds(DEFAULT_THRESHOLDS),
    scheduler: maintenanceSchedulerStatus(),
    tables: rows.map((row) => {
      const stats = toTableStats(row, local.get(row.table) ?? 0);
      const need = maintenanceNeed(stats);
      return {
        table: row.table,
        rows: row.live_rows,
        estimated_rows: row.estimated_rows,
        dead_rows: row.dead_rows,
        changes_since_analyze: changesSinceAnalyze(stats),
        inserted_since_vacuum: row.inserted_since_vacuum,
        size_bytes: row.size_bytes,
        last_analyze: iso(row.last_analyze),
        last_autoanalyze: iso(row.last_autoanalyze),
        last_vacuum: iso(row.last_vacuum),
        last_autovacuum: iso(row.last_autovacuum),
        analyze_due: need.analyze,
        vacuum_due: need.vacuum,
        reasons: need.reasons,
      };
    }),
  };
}
