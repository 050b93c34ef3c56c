import { onDbClose } from '../prisma';
import { databaseKind } from '../connection';
import { acquireLease, releaseLease } from '../lease';
import { config } from '../../config/config';
import { beatEveryMs, heartbeatLapseMs, instanceId } from '../instance';
import { DEFAULT_THRESHOLDS, runDelay, statisticsTooOld } from './maintenance-policy';
import { runMaintenance, type MaintenanceRun } from './run-maintenance';
import { logger } from '../../observability/logger';

// Keeps the database's statistics and visibility maps fresh with no operator action
// (docs/decisions.md § Database maintenance). Writers report how many rows they changed per table
// (noteTableChanges, a few map updates); once a table's own count passes its ANALYZE threshold a run
// is scheduled, off the request path and coalesced: at most one run at a time, at most one waiting,
// after a gap that grows with the last run, none once a table doubled (runDelay). A periodic run
// catches what this process cannot count: other instances' writes, dead rows of jobs and sessions,
// statistics lost in a crash.
// Several instances on one PostgreSQL database elect one leader for the periodic run (the lease
// MAINTENANCE_LEASE, renewed every tick); the runs an instance's own writes make due stay with that
// instance, the only one that knows of them before the database's counters do. Either way the run's
// session advisory lock (maintenance-session.ts) lets one run at a time go ahead.
// Whole-scope reads call statisticsReady() first, so a lint right after a bulk import into an empty
// or much smaller table waits for its ANALYZE (a fraction of a second) instead of running for
// minutes on plans made for an empty table.

const SETTLE_TIMEOUT_MS = 15_000;
export const MAINTENANCE_LEASE = 'maintenance';

interface SchedulerState {
  /** Rows this process changed per table since it last analyzed the table. */
  local: Map<string, number>;
  /** Each table's planner row count as of the last run (unknown = 0, so the first writes trigger one). */
  estimated: Map<string, number>;
  timer: ReturnType<typeof setTimeout> | null;
  /** When the scheduled run is due (Date.now() time), while timer is set. */
  timerDueAt: number;
  periodic: ReturnType<typeof setInterval> | null;
  running: Promise<MaintenanceRun> | null;
  rerun: boolean;
  lastRun: MaintenanceRun | null;
  lastFinishedAt: number;
  runs: number;
  /** Time spent in maintenance runs by this process, for the benchmark and the admin page. */
  busyMs: number;
  stopped: boolean;
  /** Whether this instance holds the maintenance lease (always, on PGlite: one process). */
  leader: boolean;
  lastPeriodicAt: number;
  /** Periodic runs this instance started as the leader. */
  periodicRuns: number;
}

const globalState = globalThis as unknown as { __stigmemMaintenance?: SchedulerState };

function state(): SchedulerState {
  if (globalState.__stigmemMaintenance) return globalState.__stigmemMaintenance;
  // Closing the database (tests, scripts) stops the timers first, so no run reopens it.
  onDbClose(stopMaintenance);
  globalState.__stigmemMaintenance = {
    local: new Map(),
    estimated: new Map(),
    timer: null,
    timerDueAt: 0,
    periodic: null,
    running: null,
    rerun: false,
    lastRun: null,
    lastFinishedAt: 0,
    runs: 0,
    busyMs: 0,
    stopped: false,
    leader: false,
    lastPeriodicAt: 0,
    periodicRuns: 0,
  };
  return globalState.__stigmemMaintenance;
}

function locallyDue(s: SchedulerState): boolean {
  for (const [table, changes] of s.local) {
    const size = Math.max(0, s.estimated.get(table) ?? 0);
    if (changes >= DEFAULT_THRESHOLDS.analyzeBase + DEFAULT_THRESHOLDS.analyzeScale * size) return true;
  }
  return false;
}

/** Whether this process wrote so much to a table since its last ANALYZE that plans on it would go wrong. */
function locallyTooOld(s: SchedulerState): boolean {
  for (const [table, changes] of s.local) if (statisticsTooOld(changes, s.estimated.get(table) ?? 0)) return true;
  return false;
}

/** Called by writers after their statements: rows written per table (inserted, updated or deleted). */
export function noteTableChanges(changes: Record<string, number>): void {
  const s = state();
  // A write means the database is open again (a script or test that closed it and reopened it).
  s.stopped = false;
  for (const [table, rows] of Object.entries(changes)) {
    if (rows > 0) s.local.set(table, (s.local.get(table) ?? 0) + rows);
  }
  if (config().maintenance.enabled && !s.stopped && locallyDue(s)) schedule(s);
}

function schedule(s: SchedulerState): void {
  if (s.running) {
    s.rerun = true;
    return;
  }
  const now = Date.now();
  const delay = runDelay({ lastFinishedAt: s.lastFinishedAt, lastRunMs: s.lastRun?.duration_ms ?? 0, tooOld: locallyTooOld(s), now });
  if (s.timer) {
    // A run already waiting keeps its time, unless a table has since doubled and it must come sooner.
    if (s.timerDueAt <= now + delay) return;
    clearTimeout(s.timer);
  }
  s.timerDueAt = now + delay;
  s.timer = setTimeout(() => {
    s.timer = null;
    // Maintenance may have been turned off since (STIGMEM_MAINTENANCE read again): nothing runs on its own then.
    if (!s.stopped && config().maintenance.enabled) void runMaintenanceNow();
  }, delay);
  s.timer.unref?.();
}

/** Runs maintenance now (or joins the run under way) and returns its report. */
export async function runMaintenanceNow(options: { everyTable?: boolean } = {}): Promise<MaintenanceRun> {
  const s = state();
  if (s.running) {
    const current = await s.running;
    if (!options.everyTable) return current;
  }
  if (s.timer) {
    clearTimeout(s.timer);
    s.timer = null;
  }
  s.rerun = false;
  s.running = runMaintenance({
    localChanges: new Map(s.local),
    everyTable: options.everyTable,
    onStats: (rows) => rows.forEach((row) => s.estimated.set(row.table, Math.max(row.estimated_rows, row.live_rows))),
    onAnalyzed: (table, accounted) => {
      const left = (s.local.get(table) ?? 0) - accounted;
      if (left > 0) s.local.set(table, left);
      else s.local.delete(table);
    },
  });
  try {
    const run = await s.running;
    s.lastRun = run;
    s.runs += 1;
    s.busyMs += run.duration_ms;
    if (run.outcome === 'failed') logger().error({ detail: run.detail }, 'maintenance failed');
    return run;
  } finally {
    s.running = null;
    s.lastFinishedAt = Date.now();
    if (!s.stopped && config().maintenance.enabled && (s.rerun || locallyDue(s))) schedule(s);
  }
}

/**
 * Waits until the maintenance this process knows to be due (or under way) is done. Bounded, so a
 * caller never waits long on a slow maintenance run.
 */
export async function maintenanceSettled(timeoutMs = SETTLE_TIMEOUT_MS): Promise<void> {
  const s = state();
  await settle(s, () => s.running !== null || s.timer !== null || locallyDue(s), timeoutMs);
}

/**
 * Before a whole-scope read: waits for maintenance only when a table's statistics are too old to plan
 * on (statisticsTooOld: never analyzed, or the table doubled since). A merely due ANALYZE (10 % of the
 * table changed) runs in the background as scheduled: the first lint after a 100k-fact ingest on PGlite
 * waited a second for it (VACUUM and ANALYZE of four tables) and planned the same without it.
 * Whether it waited.
 */
export async function statisticsReady(timeoutMs = SETTLE_TIMEOUT_MS): Promise<boolean> {
  const s = state();
  return settle(s, () => locallyTooOld(s), timeoutMs);
}

/** Runs (or joins) maintenance while `due` says so, twice at most; whether it had to. */
async function settle(s: SchedulerState, due: () => boolean, timeoutMs: number): Promise<boolean> {
  const pending = () => !s.stopped && config().maintenance.enabled && due();
  const waited = pending();
  const deadline = Date.now() + timeoutMs;
  // A run already under way may have started before the latest writes: then one more is due.
  for (let attempt = 0; attempt < 2 && pending() && Date.now() < deadline; attempt++) {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      runMaintenanceNow().catch(() => undefined),
      new Promise((resolve) => {
        timeout = setTimeout(resolve, deadline - Date.now());
      }),
    ]);
    clearTimeout(timeout);
  }
  return waited;
}

/** Renews (or takes) the maintenance lease on PostgreSQL; PGlite's one process always leads. */
async function holdLeadership(s: SchedulerState): Promise<boolean> {
  if (databaseKind() !== 'postgres') return (s.leader = true);
  s.leader = await acquireLease({ name: MAINTENANCE_LEASE, holder: instanceId(), ttlMs: heartbeatLapseMs() }, new Date()).catch((error) => {
    logger().error({ err: error }, 'renewing the maintenance lease failed');
    return false;
  });
  return s.leader;
}

/** One tick: keep the lease, and as the leader start the periodic run when its interval has passed. */
async function periodicTick(s: SchedulerState): Promise<void> {
  if (s.stopped || !(await holdLeadership(s))) return;
  if (Date.now() - s.lastPeriodicAt < config().maintenance.intervalMs) return;
  s.lastPeriodicAt = Date.now();
  s.periodicRuns += 1;
  await runMaintenanceNow();
}

/**
 * At server start: the leader's periodic run (and one at once, for statistics lost in a crash). The
 * tick also renews the lease: every STIGMEM_MAINTENANCE_INTERVAL_S, or a third of
 * STIGMEM_HEARTBEAT_LAPSE_S when that is shorter, so the lease never runs out under a live leader.
 */
export function startMaintenance(): void {
  const s = state();
  if (!config().maintenance.enabled || s.periodic) return;
  s.stopped = false;
  const tick = () => void periodicTick(s).catch((error) => logger().error({ err: error }, 'maintenance tick failed'));
  s.periodic = setInterval(tick, Math.min(config().maintenance.intervalMs, beatEveryMs(30_000)));
  s.periodic.unref?.();
  tick();
}

/** Stops the timers and waits for a run under way (closing the database); the next write starts them again. */
export async function stopMaintenance(): Promise<void> {
  const s = state();
  s.stopped = true;
  if (s.timer) clearTimeout(s.timer);
  if (s.periodic) clearInterval(s.periodic);
  s.timer = null;
  s.periodic = null;
  await s.running?.catch(() => undefined);
  // Hand the lease back so another instance leads at once instead of after the lapse.
  if (s.leader && databaseKind() === 'postgres') await releaseLease(MAINTENANCE_LEASE, instanceId()).catch(() => undefined);
  s.leader = false;
}

export interface SchedulerStatus {
  enabled: boolean;
  /** This instance leads the periodic run (docs/scaling.md § Many instances). */
  leader: boolean;
  periodic_runs: number;
  running: boolean;
  scheduled: boolean;
  runs: number;
  busy_ms: number;
  interval_s: number;
  last_run: MaintenanceRun | null;
  local_changes: Record<string, number>;
}

export function maintenanceSchedulerStatus(): SchedulerStatus {
  const s = state();
  return {
    enabled: config().maintenance.enabled && !s.stopped,
    leader: s.leader,
    periodic_runs: s.periodicRuns,
    running: s.running !== null,
    scheduled: s.timer !== null,
    runs: s.runs,
    busy_ms: s.busyMs,
    interval_s: config().maintenance.intervalMs / 1000,
    last_run: s.lastRun,
    local_changes: Object.fromEntries(s.local),
  };
}

/** This process's own counts, for the status endpoint. */
export function localChanges(): ReadonlyMap<string, number> {
  return state().local;
}
