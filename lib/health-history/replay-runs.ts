import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { getDb, TX_OPTIONS } from '../db/prisma';
import { badRequest } from '../errors/domain-error';
import type { FactScope } from '../facts/scope';
import type { Prisma } from '../generated/prisma/client';
import { healthScore } from '../lint/health-score';
import { severityTotals } from '../lint/finding-counts';
import { type LintResult, lintRequestSchema } from '../lint/lint-request';
import { countFactsAsOf, lintCounted } from '../lint/run-lint';
import { asOfInstant } from '../time-travel/as-of';
import { formatInstant } from '../time/instant';
import { atInstant } from '../time-travel/at-instant';
import { FindingTally, type TalliedRun, writeFingerprintSet } from './fingerprint';
import { NEW_FINDINGS_KEPT } from './record-run';
import { type HealthRunRecord, toRunRecord } from './run-record';
import { replayedRunStats, type RunStats } from './run-stats';

// Health runs computed from the log (docs/decisions.md § Health history from the log). A run for a
// past instant is the lint and the run statistics the node gives as of that instant (time travel:
// lib/time-travel/at-instant.ts), by the same functions as a run recorded as it happens, so a
// replayed point, its diff (new and fixed findings against the run before it) and its score are what
// the node would have said then. Rebuilding a range replaces the runs in it (filling gaps, repairing
// wrong ones) in one transaction, and repairs the diff of the first run after it.

/** At most this many runs per rebuild: each costs one lint as of its instant. */
export const MAX_REPLAYED_RUNS = 2_000;

export interface ReplayRange {
  scope: FactScope;
  from: Date;
  to: Date;
  everyMs: number;
}

export interface ReplayProgress {
  done: number;
  total: number;
}

export interface ReplayOptions {
  onProgress?: (progress: ReplayProgress) => void | Promise<void>;
}

export interface ReplayResult {
  scope: FactScope;
  from: string;
  to: string;
  /** Runs written, one per instant. */
  runs: number;
  /** Runs that were in the range before and were replaced. */
  replaced: number;
  /** 1 when the first run after the range had its new/fixed diff recomputed against the last replayed run. */
  repaired: number;
  records: HealthRunRecord[];
}

/** The instants of a range: from, from + every, …, up to `to`. */
export function replayInstants({ from, to, everyMs }: Pick<ReplayRange, 'from' | 'to' | 'everyMs'>): Date[] {
  if (!(everyMs > 0)) throw badRequest('invalid_range', 'every: must be a positive interval');
  if (to.getTime() < from.getTime()) throw badRequest('invalid_range', 'to: must not be before from');
  const count = Math.floor((to.getTime() - from.getTime()) / everyMs) + 1;
  if (count > MAX_REPLAYED_RUNS) {
    throw badRequest('range_too_large', `the range holds ${count.toLocaleString('en-US')} runs at that interval; one rebuild replays at most ${MAX_REPLAYED_RUNS.toLocaleString('en-US')} (a larger interval or a shorter range)`);
  }
  return Array.from({ length: count }, (_, i) => new Date(from.getTime() + i * everyMs));
}

interface Measured {
  lint: LintResult;
  stats: RunStats;
  ms: number;
}

/** The scope's lint and run statistics as of `instant`, replayed from the log. */
export async function measureAt(scope: FactScope, instant: Date): Promise<Measured> {
  const t0 = performance.now();
  const request = lintRequestSchema.parse({ scope });
  const measured = await atInstant(asOfInstant(instant), { scopes: [scope] }, async (tx, at) => ({
    lint: await lintCounted(tx, request, await countFactsAsOf(tx, request), at),
    stats: await replayedRunStats(tx, scope, at),
  }));
  return { ...measured, ms: Math.round(performance.now() - t0) };
}

function tally(measured: Measured, previous: Float64Array | null): TalliedRun {
  const t = new FindingTally(previous, NEW_FINDINGS_KEPT);
  t.add(measured.lint.findings);
  return t.done();
}

/** The stored row of a replayed run (startedAt = its instant; durationMs = how long the replay took). */
function runRow(scope: FactScope, instant: Date, measured: Measured, run: TalliedRun): Prisma.HealthRunCreateManyInput {
  const { stats } = measured;
  return {
    id: randomUUID(),
    scope,
    trigger: 'replay',
    status: 'ok',
    startedAt: instant,
    finishedAt: instant,
    durationMs: measured.ms,
    factCount: measured.lint.fact_count,
    liveValueCount: stats.live_value_count,
    entityCount: stats.entity_count,
    findings: run.counts,
    score: healthScore(severityTotals(run.counts), stats.live_value_count),
    pendingConflicts: stats.pending_conflicts,
    agedConflicts: stats.aged_conflicts,
    meanPendingAgeDays: stats.mean_pending_age_days,
    dismissedLast7Days: stats.dismissed_last_7_days,
    dismissedPrev7Days: stats.dismissed_prev_7_days,
    fixedHashes: run.fixedHashes,
    newFindings: run.newFindings as unknown as Prisma.InputJsonValue,
    newCount: run.newCount,
    fixedCount: run.fixedCount,
  };
}

/**
 * Replays the runs of `range` from the log and stores them in place of the runs it held. Reads
 * first (one as_of lint per instant, outside any write), then writes everything in one transaction.
 */
export async function replayHistory(range: ReplayRange, options: ReplayOptions = {}): Promise<ReplayResult> {
  const instants = replayInstants(range);
  const { scope } = range;
  const db = await getDb();
  const total = instants.length;
  const first = instants[0];
  const last = instants[instants.length - 1];
  const before = await db.healthRun.findFirst({ where: { scope, status: 'ok', startedAt: { lt: first } }, orderBy: { startedAt: 'desc' }, select: { startedAt: true } });
  const after = await db.healthRun.findFirst({ where: { scope, status: 'ok', startedAt: { gt: last } }, orderBy: { startedAt: 'asc' }, select: { id: true, startedAt: true } });
  // The run before the range is diffed against by the first replayed one: its findings as of its instant.
  let previous = before ? tally(await measureAt(scope, before.startedAt), null).fingerprints : null;
  const rows: Prisma.HealthRunCreateManyInput[] = [];
  for (const [i, instant] of instants.entries()) {
    const measured = await measureAt(scope, instant);
    const run = tally(measured, previous);
    rows.push(runRow(scope, instant, measured, run));
    previous = run.fingerprints;
    await options.onProgress?.({ done: i + 1, total: total + (after ? 1 : 0) });
  }
  const next = after ? tally(await measureAt(scope, after.startedAt), previous) : null;
  if (after) await options.onProgress?.({ done: total + 1, total: total + 1 });

  const stored = await db.$transaction(async (tx) => {
    const { count: replaced } = await tx.healthRun.deleteMany({ where: { scope, status: { not: 'running' }, startedAt: { gte: first, lte: last } } });
    await tx.healthRun.createMany({ data: rows });
    if (after && next) {
      await tx.healthRun.update({
        where: { id: after.id },
        data: { newCount: next.newCount, fixedCount: next.fixedCount, fixedHashes: next.fixedHashes, newFindings: next.newFindings as unknown as Prisma.InputJsonValue },
      });
    }
    // Only the scope's latest finished run keeps its fingerprint set (record-run.ts): the last replayed one when nothing follows.
    if (!after) {
      await tx.healthRun.updateMany({ where: { scope, fingerprintSet: { not: null } }, data: { fingerprintSet: null } });
      await tx.healthRun.update({ where: { id: String(rows[rows.length - 1].id) }, data: { fingerprintSet: writeFingerprintSet(previous ?? new Float64Array(0)) } });
    }
    return { replaced, rows: await tx.healthRun.findMany({ where: { id: { in: rows.map((r) => String(r.id)) } }, orderBy: { startedAt: 'asc' }, omit: { fingerprintSet: true, newFindings: true, fixedHashes: true } }) };
  }, TX_OPTIONS);
  return {
    scope,
    from: formatInstant(first),
    to: formatInstant(last),
    runs: rows.length,
    replaced: stored.replaced,
    repaired: after ? 1 : 0,
    records: stored.rows.map((row) => toRunRecord(row)),
  };
}
