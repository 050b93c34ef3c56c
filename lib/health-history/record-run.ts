import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Principal } from '../auth/principal';
import { evaluateAlerts } from '../alerts/evaluate';
import { recordAuditOrLog, SYSTEM_ACTOR } from '../audit/record-audit';
import { autoResolve } from '../conflicts/auto-resolve';
import { getScopeSettings } from '../conflicts/scope-settings';
import { getDb, TX_OPTIONS } from '../db/prisma';
import type { Prisma } from '../generated/prisma/client';
import { sweepRequestSchema } from '../decay/sweep-request';
import { sweepScope } from '../decay/sweep-scope';
import type { FactScope } from '../facts/scope';
import { healthScore } from '../lint/health-score';
import { lintRequestSchema, type LintResult } from '../lint/lint-request';
import { streamLint } from '../lint/stream-findings';
import { severityTotals } from '../lint/finding-counts';
import { FindingTally, readFingerprintSet, writeFingerprintSet } from './fingerprint';
import { beatEveryMs, instanceId } from '../db/instance';
import { type HealthRunRecord, lapsedBefore, RUN_INTERRUPTED, type RunTrigger, toRunRecord } from './run-record';
import { runStats } from './run-stats';
import { logger } from '../observability/logger';
import { withSpan } from '../observability/tracing';

// One health run of one scope: claim the scope (runs never overlap, across instances too), then
// optionally sweep decay and auto-resolve, lint every check read-only, and store one compact row.
// The lint writes nothing; this caller writes the row afterwards, to a table outside the knowledge
// base (docs/decisions.md § Health history). A run that throws is stored as failed with its reason.
// Alert rules are evaluated on every finished run.

/** The scheduler acts as this entity (auto-resolutions record it as resolved_by). */
export const SCHEDULER_PRINCIPAL: Principal = {
  keyId: null,
  entityUri: 'stigmem://local/health-scheduler',
  permissions: ['admin'],
  allowedScopes: ['local', 'team', 'company', 'public'],
  via: 'open',
};

/** New findings kept per run with their identity; beyond it only their count and hashes. */
export const NEW_FINDINGS_KEPT = 500;

export interface RunOptions {
  trigger: RunTrigger;
  /** The clock (injected by tests); timestamps come from it, durations from the monotonic clock. */
  now?: () => Date;
  /** A lint already answered (POST /v1/lint): recorded instead of linting again. */
  lint?: LintResult;
  lintMs?: number;
  decay?: boolean;
  autoResolve?: boolean;
}

/** Takes the scope for a run: a new "running" row, unless a live one exists (then null). */
async function claim(scope: FactScope, trigger: RunTrigger, startedAt: Date): Promise<string | null> {
  const db = await getDb();
  const id = randomUUID();
  return db.$transaction(async (tx) => {
    // Serializes claims of one scope across instances; ends with the transaction.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`health_run:${scope}`}))`;
    const cutoff = lapsedBefore(startedAt);
    const busy = await tx.healthRun.findFirst({
      where: { scope, status: 'running', OR: [{ heartbeatAt: { gt: cutoff } }, { heartbeatAt: null, startedAt: { gt: cutoff } }] },
      select: { id: true },
    });
    if (busy) return null;
    await tx.healthRun.create({ data: { id, scope, trigger, status: 'running', startedAt, heartbeatAt: startedAt, instanceId: instanceId() } });
    return id;
  });
}

async function previousFingerprints(scope: FactScope, before: Date): Promise<Float64Array | null> {
  const db = await getDb();
  const row = await db.healthRun.findFirst({ where: { scope, status: 'ok', startedAt: { lt: before } }, orderBy: { startedAt: 'desc' }, select: { fingerprintSet: true } });
  return row ? readFingerprintSet(row.fingerprintSet) : null;
}

async function measure(scope: FactScope, options: RunOptions, startedAt: Date): Promise<Prisma.HealthRunUpdateInput> {
  let decayFactsWritten: number | null = null;
  if (options.decay) {
    const answer = await sweepScope(sweepRequestSchema.parse({ scope }), SCHEDULER_PRINCIPAL);
    decayFactsWritten = answer.status === 200 && 'facts_retracted' in answer.body ? answer.body.facts_retracted + answer.body.facts_reduced : 0;
    await recordAuditOrLog({ action: 'decay.sweep', status: answer.status, actor: SYSTEM_ACTOR, scopes: [scope], detail: { trigger: options.trigger, facts_written: decayFactsWritten } });
  }
  let autoResolved: number | null = null;
  if (options.autoResolve && (await getScopeSettings(scope)).auto_resolve) {
    autoResolved = (await autoResolve({ scope, dry_run: false }, SCHEDULER_PRINCIPAL)).resolved.length;
    await recordAuditOrLog({ action: 'conflict.auto_resolve', status: 200, actor: SYSTEM_ACTOR, scopes: [scope], detail: { trigger: options.trigger, resolved: autoResolved } });
  }
  // The lint streams through the tally (a 10M-fact scope has about 1.1M findings: held whole, 3 GB).
  const tally = new FindingTally(await previousFingerprints(scope, startedAt), NEW_FINDINGS_KEPT);
  let factCount: number;
  let scopeRevision: bigint | null = null;
  if (options.lint) {
    tally.add(options.lint.findings);
    factCount = options.lint.fact_count;
  } else {
    const { head, snapshot, batches } = streamLint(lintRequestSchema.parse({ scope }));
    for await (const batch of batches) tally.add(batch);
    factCount = head.fact_count;
    scopeRevision = BigInt(snapshot.revision);
  }
  const stats = await runStats(scope, options.now?.() ?? new Date());
  const { counts, fingerprints, newFindings, newCount, fixedHashes, fixedCount } = tally.done();
  return {
    fixedHashes,
    factCount,
    liveValueCount: stats.live_value_count,
    entityCount: stats.entity_count,
    findings: counts,
    score: healthScore(severityTotals(counts), stats.live_value_count),
    pendingConflicts: stats.pending_conflicts,
    agedConflicts: stats.aged_conflicts,
    meanPendingAgeDays: stats.mean_pending_age_days,
    dismissedLast7Days: stats.dismissed_last_7_days,
    dismissedPrev7Days: stats.dismissed_prev_7_days,
    autoResolved,
    decayFactsWritten,
    fingerprintSet: writeFingerprintSet(fingerprints),
    newFindings: newFindings as unknown as Prisma.InputJsonValue,
    newCount,
    fixedCount,
    scopeRevision,
  };
}

/** Runs and records one health check of `scope`; null when a run of that scope is already going. */
export function recordHealthRun(scope: FactScope, options: RunOptions): Promise<HealthRunRecord | null> {
  return withSpan('stigmem.health_run', { 'stigmem.scope': scope, 'stigmem.trigger': options.trigger }, () => runAndRecord(scope, options));
}

async function runAndRecord(scope: FactScope, options: RunOptions): Promise<HealthRunRecord | null> {
  const clock = options.now ?? (() => new Date());
  const startedAt = clock();
  const id = await claim(scope, options.trigger, startedAt);
  if (!id) return null;
  const t0 = performance.now() - (options.lintMs ?? 0);
  const db = await getDb();
  // Signs of life while it runs: another instance may claim the scope only once they stop.
  const beat = setInterval(() => void db.healthRun.updateMany({ where: { id, status: 'running' }, data: { heartbeatAt: clock() } }).catch(() => undefined), beatEveryMs(5_000));
  let data: Prisma.HealthRunUpdateInput;
  try {
    data = { ...(await measure(scope, options, startedAt)), status: 'ok' };
  } catch (error) {
    logger().error({ err: error, scope }, 'health run failed');
    const message = error instanceof Error ? error.message : String(error);
    data = { status: 'failed', error: message.slice(0, 2000) };
  } finally {
    clearInterval(beat);
  }
  const row = await db.$transaction(async (tx) => {
    const done = await tx.healthRun.update({ where: { id }, data: { ...data, finishedAt: clock(), durationMs: Math.round(performance.now() - t0) } });
    // Only the latest finished run keeps the full fingerprint set: storage stays one set per scope.
    if (done.status === 'ok') await tx.healthRun.updateMany({ where: { scope, id: { not: id }, status: 'ok', startedAt: { lte: startedAt }, fingerprintSet: { not: null } }, data: { fingerprintSet: null } });
    return done;
  }, TX_OPTIONS);
  const record = toRunRecord(row, clock());
  try {
    await evaluateAlerts(record, clock());
  } catch (error) {
    logger().error({ err: error, run_id: id }, 'alert evaluation after a health run failed');
  }
  return record;
}

/** On every tick of the scheduler's leader: runs left "running" by an instance that stopped (heartbeat lapsed) are stored as failed. */
export async function failInterruptedRuns(now: Date): Promise<number> {
  const db = await getDb();
  const cutoff = lapsedBefore(now);
  const { count } = await db.healthRun.updateMany({
    where: { status: 'running', OR: [{ heartbeatAt: { lt: cutoff } }, { heartbeatAt: null, startedAt: { lt: cutoff } }] },
    data: { status: 'failed', error: RUN_INTERRUPTED, finishedAt: now },
  });
  return count;
}
