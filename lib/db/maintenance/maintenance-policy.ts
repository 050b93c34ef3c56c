// When a table needs ANALYZE or VACUUM: PostgreSQL's own autovacuum rules, applied by the node
// itself because PGlite has no autovacuum and our PostgreSQL servers run with it off. Pure, so the
// thresholds are unit-tested apart from the database (docs/decisions.md § Database maintenance).

/** What the database (pg_stat_user_tables, pg_class) and this process know about one table. */
export interface TableStats {
  table: string;
  /** pg_class.reltuples: the planner's row count as of the last ANALYZE or VACUUM; -1 = never. */
  estimatedRows: number;
  liveRows: number;
  deadRows: number;
  /** pg_stat_user_tables.n_mod_since_analyze: rows inserted, updated or deleted since the last ANALYZE. */
  modifiedSinceAnalyze: number;
  /** pg_stat_user_tables.n_ins_since_vacuum: inserts since the last VACUUM (an insert-only table needs one too). */
  insertedSinceVacuum: number;
  /** Rows this process wrote since its last ANALYZE of the table: the statistics above reach the
   * cumulative counters only when a backend flushes them (up to seconds later on PostgreSQL). */
  localChanges: number;
}

export interface Thresholds {
  analyzeBase: number;
  analyzeScale: number;
  vacuumBase: number;
  vacuumScale: number;
  insertVacuumBase: number;
  insertVacuumScale: number;
}

/** PostgreSQL's autovacuum defaults (autovacuum_analyze_threshold/scale_factor and friends). */
export const DEFAULT_THRESHOLDS: Thresholds = {
  analyzeBase: 50,
  analyzeScale: 0.1,
  vacuumBase: 50,
  vacuumScale: 0.2,
  insertVacuumBase: 1000,
  insertVacuumScale: 0.2,
};

export interface MaintenanceNeed {
  analyze: boolean;
  vacuum: boolean;
  /** Why, in a sentence for the admin page and the log; empty when nothing is due. */
  reasons: string[];
}

/** Rows changed since the last ANALYZE, as far as anyone knows. */
export function changesSinceAnalyze(stats: TableStats): number {
  return Math.max(stats.modifiedSinceAnalyze, stats.localChanges);
}

export function maintenanceNeed(stats: TableStats, t: Thresholds = DEFAULT_THRESHOLDS): MaintenanceNeed {
  // A never-analyzed table counts as empty: its first 50 changes make it due.
  const size = Math.max(0, stats.estimatedRows);
  const reasons: string[] = [];
  const changes = changesSinceAnalyze(stats);
  const analyzeAt = t.analyzeBase + t.analyzeScale * size;
  const analyze = changes >= analyzeAt;
  if (analyze) reasons.push(`${changes} rows changed since the last ANALYZE (threshold ${Math.ceil(analyzeAt)})`);
  const deadAt = t.vacuumBase + t.vacuumScale * size;
  const insertAt = t.insertVacuumBase + t.insertVacuumScale * size;
  const deadDue = stats.deadRows >= deadAt;
  const insertDue = stats.insertedSinceVacuum >= insertAt;
  if (deadDue) reasons.push(`${stats.deadRows} dead rows (threshold ${Math.ceil(deadAt)})`);
  if (insertDue) reasons.push(`${stats.insertedSinceVacuum} rows inserted since the last VACUUM (threshold ${Math.ceil(insertAt)})`);
  return { analyze, vacuum: deadDue || insertDue, reasons };
}

/**
 * Statistics a whole-scope read should not be planned on: the table changed by as many rows as it
 * had when last analyzed (it doubled, or was never analyzed) plus the base. Below that the planner
 * scales its row counts by the table's current size and the column statistics still describe the
 * data; a plan made on an empty table's statistics took minutes (docs/decisions.md § Database maintenance).
 */
export function statisticsTooOld(changes: number, estimatedRows: number, t: Thresholds = DEFAULT_THRESHOLDS): boolean {
  return changes >= t.analyzeBase + Math.max(0, estimatedRows);
}

const DEBOUNCE_MS = 200;
const MIN_GAP_MS = 1_000;
/** A run that took d ms waits GAP_PER_RUN_MS × d before the next: while writes keep coming,
 * maintenance takes at most 1 / (1 + GAP_PER_RUN_MS) of the time. PGlite has one session, so every
 * ANALYZE there holds up the writers (PostgreSQL's autovacuum throttles itself with a cost delay for
 * the same reason). */
const GAP_PER_RUN_MS = 3;

/**
 * How long a run made due by this process's writes waits (ms): a short debounce, and the gap after
 * the last run. None of that gap when a table doubled since its last ANALYZE (statisticsTooOld): the
 * next whole-scope read would wait for that run anyway, and such runs come at most once per doubling.
 * (A 100k-fact ingest on PGlite ended 10 s into the gap after a 3.4 s run, and its first lint
 * waited 1.1 s for the run.)
 */
export function runDelay({ lastFinishedAt, lastRunMs, tooOld, now }: { lastFinishedAt: number; lastRunMs: number; tooOld: boolean; now: number }): number {
  const gap = tooOld ? 0 : Math.max(MIN_GAP_MS, GAP_PER_RUN_MS * lastRunMs);
  return Math.max(DEBOUNCE_MS, lastFinishedAt + gap - now);
}
