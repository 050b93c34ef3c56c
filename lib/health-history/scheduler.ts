import { acquireLease, releaseLease } from '../db/lease';
import { getDb } from '../db/prisma';
import { FACT_SCOPES, type FactScope } from '../facts/scope';
import { scheduleDeliveries } from '../webhooks/deliver';
import { scopeIntervals } from './intervals';
import { failInterruptedRuns, recordHealthRun, type RunOptions } from './record-run';
import type { HealthRunRecord } from './run-record';
import { compactRuns } from './retention';
import { pruneAudit } from '../audit/prune-audit';
import { inspectPendingHeads } from '../integrity/inspect-pending-heads';
import { config } from '../config/config';
import { beatEveryMs, heartbeatLapseMs, instanceId } from '../db/instance';
import { reconcileMaintainedState, settleMaintainedState } from './maintained-state';
import { logger } from '../observability/logger';

// The in-process scheduler. Every tick it renews a lease (table `leases`); only the holder — one
// instance among all those on one database — runs anything. For each scope whose lint, decay or
// auto-resolve interval has passed since the last run that did it (read from health_runs, so a
// restart picks the schedule up where it was) it starts a run, unless one of that scope is still
// going. It also sends due webhook deliveries, inspects values written before the integrity detectors
// (lib/integrity/inspect-pending-heads.ts), thins old runs and prunes the audit log past its retention.
// A scope written since its last run is run again sooner than its interval when its lint is cheap
// (changeRunDue, trigger "change"), so alert rules fire within a minute or so of the write.
// The clock is injectable for tests.

export const LEASE_NAME = 'health-scheduler';

export interface SchedulerOptions {
  clock?: () => Date;
  instanceId?: string;
  /** How often start() ticks: 30 s, or a third of STIGMEM_HEARTBEAT_LAPSE_S when that is shorter. */
  tickMs?: number;
  /** Lease length (STIGMEM_HEARTBEAT_LAPSE_S, 120 s): another instance takes over this long after the leader stopped renewing. */
  leaseMs?: number;
  runner?: (scope: FactScope, options: RunOptions) => Promise<HealthRunRecord | null>;
  /** The hourly pass over the maintained health state (default: reconcileMaintainedState). */
  reconcile?: () => Promise<unknown>;
  /** The pass that settles the maintained health state, at most one at a time, from every tick (default: settleMaintainedState). */
  settle?: () => Promise<unknown>;
  /** STIGMEM_CHANGE_RUN_S: a scope written since its last run is run again this long after it (0 = off). */
  changeRunS?: number;
}

interface LastRuns {
  lint: Date | null;
  decay: Date | null;
  autoResolve: Date | null;
  /** How long the latest finished run took (null before the first). */
  lastMs: number | null;
  /** Whether the scope was written since the latest finished run read it (its revision moved). */
  written: boolean;
}

async function lastRuns(): Promise<Map<string, LastRuns>> {
  const db = await getDb();
  // The latest finished run's duration and the revision its lint read, against the scope's revision now
  // (a lint handed in by POST /v1/lint records none: then its start against the latest write's).
  const rows = await db.$queryRaw<{ scope: string; last: Date | null; decay: Date | null; auto: Date | null; last_ms: number | null; written: boolean }[]>`
    SELECT r.scope, r.last, r.decay, r.auto, ok.duration_ms AS last_ms,
      CASE WHEN ok.scope_revision IS NOT NULL THEN ok.scope_revision <> coalesce(c.revision, 0)
        ELSE coalesce(c.changed_at > ok.started_at, false) END AS written
    FROM (
      SELECT scope, max(started_at) AS last,
        max(started_at) FILTER (WHERE decay_facts_written IS NOT NULL) AS decay,
        max(started_at) FILTER (WHERE auto_resolved IS NOT NULL) AS auto
      FROM health_runs GROUP BY scope
    ) r
    LEFT JOIN LATERAL (
      SELECT h.duration_ms, h.scope_revision, h.started_at FROM health_runs h
      WHERE h.scope = r.scope AND h.status = 'ok' ORDER BY h.started_at DESC LIMIT 1
    ) ok ON true
    LEFT JOIN (SELECT scope, sum(revision)::bigint AS revision, max(changed_at) AS changed_at FROM scope_revisions GROUP BY scope) c ON c.scope = r.scope`;
  return new Map(rows.map((r) => [r.scope, { lint: r.last, decay: r.decay, autoResolve: r.auto, lastMs: r.last_ms, written: r.written }]));
}

const due = (intervalS: number, last: Date | null, now: Date) => intervalS > 0 && (!last || now.getTime() - last.getTime() >= intervalS * 1000);

/**
 * Whether a scope written since its last run is run again now (docs/decisions.md § Health runs after
 * a write): change runs are on (`changeRunS` > 0) and so is the scope's schedule; the scope's revision
 * moved since the latest finished run's lint read it; the latest run began at least `changeRunS` ago;
 * and the latest finished one took at most a tenth of that (so change runs cost a scope at most a
 * tenth of its time: a 10M-fact scope's minute-long lint stays on the schedule).
 */
export function changeRunDue(last: LastRuns, lintIntervalS: number, changeRunS: number, now: Date): boolean {
  if (changeRunS <= 0 || lintIntervalS <= 0 || !last.lint || !last.written) return false;
  if (now.getTime() - last.lint.getTime() < changeRunS * 1000) return false;
  return last.lastMs === null || last.lastMs <= (changeRunS * 1000) / 10;
}

export class HealthScheduler {
  readonly instanceId: string;
  private readonly clock: () => Date;
  private readonly tickMs: number;
  private readonly leaseMs: number;
  private readonly runner: NonNullable<SchedulerOptions['runner']>;
  private readonly reconcile: NonNullable<SchedulerOptions['reconcile']>;
  private readonly settle: NonNullable<SchedulerOptions['settle']>;
  private readonly changeRunS: number;
  private readonly running = new Map<FactScope, Promise<unknown>>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<FactScope[]> | null = null;
  private wasLeader = false;
  private lastCompaction = 0;
  /** The maintained state's upkeep under way (settling, then reconciling when due), run beside the ticks. */
  private upkeep: Promise<void> | null = null;
  private reconcileDue = false;
  /** Runs this instance started as the leader (GET /v1/admin/cluster). */
  private runsStarted = 0;

  constructor(options: SchedulerOptions = {}) {
    this.instanceId = options.instanceId ?? instanceId();
    this.clock = options.clock ?? (() => new Date());
    this.tickMs = options.tickMs ?? beatEveryMs(30_000);
    this.leaseMs = options.leaseMs ?? heartbeatLapseMs();
    this.runner = options.runner ?? recordHealthRun;
    this.reconcile = options.reconcile ?? reconcileMaintainedState;
    this.settle = options.settle ?? settleMaintainedState;
    this.changeRunS = options.changeRunS ?? config().changeRunS;
  }

  /** One pass; returns the scopes whose run it started (none when another instance leads). */
  tick(): Promise<FactScope[]> {
    // Ticks never overlap: a slow pass makes the next one wait for it.
    this.ticking ??= this.pass().finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async pass(): Promise<FactScope[]> {
    const now = this.clock();
    const leader = await acquireLease({ name: LEASE_NAME, holder: this.instanceId, ttlMs: this.leaseMs }, now);
    if (!leader) {
      this.wasLeader = false;
      return [];
    }
    this.wasLeader = true;
    // Runs whose instance stopped mid-run (their heartbeat lapsed) would hold their scope: fail them.
    await failInterruptedRuns(now);
    const [intervals, last] = await Promise.all([scopeIntervals(), lastRuns()]);
    const started: FactScope[] = [];
    for (const scope of FACT_SCOPES) {
      if (this.running.has(scope)) continue;
      const i = intervals.get(scope)!;
      const l = last.get(scope) ?? { lint: null, decay: null, autoResolve: null, lastMs: null, written: false };
      const decay = due(i.decay_interval_s, l.decay, now);
      const autoResolve = i.auto_resolve && due(i.auto_resolve_interval_s, l.autoResolve, now);
      const scheduled = decay || autoResolve || due(i.lint_interval_s, l.lint, now);
      if (!scheduled && !changeRunDue(l, i.lint_interval_s, this.changeRunS, now)) continue;
      const run = this.runner(scope, { trigger: scheduled ? 'schedule' : 'change', now: this.clock, decay, autoResolve })
        .catch((error) => logger().error({ err: error, scope }, 'scheduled run failed'))
        .finally(() => this.running.delete(scope));
      this.running.set(scope, run);
      started.push(scope);
      this.runsStarted += 1;
    }
    // Retries that came due go out in the background: a slow receiver never holds up the next tick.
    scheduleDeliveries();
    // Values written before the integrity detectors get inspected a few seconds' worth per tick.
    await inspectPendingHeads().catch((error) => logger().error({ err: error }, 'integrity pass failed'));
    if (now.getTime() - this.lastCompaction > 3_600_000) {
      this.lastCompaction = now.getTime();
      await compactRuns(now).catch((error) => logger().error({ err: error }, 'health-run compaction failed'));
      await pruneAudit(now).catch((error) => logger().error({ err: error }, 'audit-log retention failed'));
      this.reconcileDue = true;
    }
    // The maintained health state, settled (values that expired, counted again) and hourly compared
    // with a full count and repaired where it drifted: in the background, like the runs, since at 10M
    // facts the count takes seconds a scope and a pass that outlasted the lease would hand the lead to
    // another instance.
    this.upkeep ??= this.keepUp().finally(() => (this.upkeep = null));
    return started;
  }

  private async keepUp(): Promise<void> {
    await this.settle().catch((error) => logger().error({ err: error }, 'settling the maintained health state failed'));
    if (!this.reconcileDue) return;
    this.reconcileDue = false;
    await this.reconcile().catch((error) => logger().error({ err: error }, 'reconciling the maintained health state failed'));
  }

  /** Whether this instance held the lease at its last tick, and how many runs it started as the leader. */
  status(): { leader: boolean; runs_started: number } {
    return { leader: this.wasLeader, runs_started: this.runsStarted };
  }

  /** Resolves when every run this scheduler started has finished. */
  async idle(): Promise<void> {
    await this.ticking;
    await Promise.all([...this.running.values(), this.upkeep]);
  }

  start(): void {
    if (this.timer) return;
    const tick = () => void this.tick().catch((error) => logger().error({ err: error }, 'scheduler tick failed'));
    this.timer = setInterval(tick, this.tickMs);
    this.timer.unref();
    tick();
  }

  /** Stops ticking, lets running runs finish and hands the lease back. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    await releaseLease(LEASE_NAME, this.instanceId);
    this.wasLeader = false;
  }
}

const globalScheduler = globalThis as unknown as { __stigmemScheduler?: HealthScheduler };

/** Server start (instrumentation.ts): one scheduler per process; STIGMEM_SCHEDULER=off turns it off. */
export function startHealthScheduler(): HealthScheduler | null {
  if (!config().schedulerEnabled) return null;
  globalScheduler.__stigmemScheduler ??= new HealthScheduler();
  globalScheduler.__stigmemScheduler.start();
  return globalScheduler.__stigmemScheduler;
}

/** This process's scheduler: off (STIGMEM_SCHEDULER=off), or whether it leads and what it started. */
export function schedulerStatus(): { enabled: boolean; leader: boolean; runs_started: number } {
  const scheduler = globalScheduler.__stigmemScheduler;
  return scheduler ? { enabled: true, ...scheduler.status() } : { enabled: false, leader: false, runs_started: 0 };
}
