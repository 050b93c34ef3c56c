import { Counter, Gauge, Registry } from 'prom-client';
import { pgliteHeapBytes } from '../db/connection';
import { getDb } from '../db/prisma';
import { getReplicaStatus } from '../db/replicas/replica-status';
import { processMetrics } from './registry';
import { config } from '../config/config';
import { type ScrapedMetric, SCRAPED_METRICS } from './scraped-metrics';

// GET /metrics: the process counters plus gauges read from the database at scrape time — each
// scope's latest finished health run, open alerts and the job queue — for the scopes the caller
// may read (all of them when the endpoint is open). Built fresh per scrape, so a scope or a check
// that disappears leaves no stale series.

const gauge = (registry: Registry, { name, help, labels }: ScrapedMetric) => new Gauge({ name, help, labelNames: [...labels], registers: [registry] });

export async function scrapeMetrics(scopes: string[]): Promise<{ body: string; contentType: string }> {
  const db = await getDb();
  const registry = new Registry();
  const m = SCRAPED_METRICS;
  const [score, findings, facts, live, pending, aged] = [m.score, m.findings, m.facts, m.live, m.pending, m.aged].map((def) => gauge(registry, def));
  const [lastRun, lastDuration, lastFailed, alerts, jobs] = [m.lastRun, m.lastDuration, m.lastFailed, m.alerts, m.jobs].map((def) => gauge(registry, def));

  const latest = await db.$queryRaw<{ scope: string; status: string; started_at: Date; duration_ms: number | null }[]>`
    SELECT DISTINCT ON (scope) scope, status, started_at, duration_ms FROM health_runs
    WHERE scope = ANY(${scopes}::text[]) AND status <> 'running' ORDER BY scope, started_at DESC`;
  for (const r of latest) {
    lastRun.set({ scope: r.scope }, r.started_at.getTime() / 1000);
    lastDuration.set({ scope: r.scope }, (r.duration_ms ?? 0) / 1000);
    lastFailed.set({ scope: r.scope }, r.status === 'failed' ? 1 : 0);
  }
  const ok = await db.$queryRaw<{ scope: string; score: number | null; findings: Record<string, Record<string, number>>; fact_count: number; live_value_count: number; pending_conflicts: number; aged_conflicts: number }[]>`
    SELECT DISTINCT ON (scope) scope, score, findings, fact_count, live_value_count, pending_conflicts, aged_conflicts FROM health_runs
    WHERE scope = ANY(${scopes}::text[]) AND status = 'ok' ORDER BY scope, started_at DESC`;
  for (const r of ok) {
    const scope = { scope: r.scope };
    if (r.score !== null) score.set(scope, r.score);
    facts.set(scope, r.fact_count);
    live.set(scope, r.live_value_count);
    pending.set(scope, r.pending_conflicts);
    aged.set(scope, r.aged_conflicts);
    for (const [check, bySeverity] of Object.entries(r.findings ?? {})) {
      for (const [severity, n] of Object.entries(bySeverity)) findings.set({ scope: r.scope, check, severity }, n);
    }
  }
  const open = await db.alert.groupBy({ by: ['scope', 'status'], where: { scope: { in: scopes }, status: { in: ['open', 'acknowledged'] } }, _count: { _all: true } });
  for (const scope of scopes) for (const status of ['open', 'acknowledged']) alerts.set({ scope, status }, open.find((g) => g.scope === scope && g.status === status)?._count._all ?? 0);
  const queued = await db.job.groupBy({ by: ['kind', 'status'], where: { status: { in: ['pending', 'running'] } }, _count: { _all: true } });
  for (const kind of ['lint', 'decay']) for (const status of ['pending', 'running']) jobs.set({ kind, status }, queued.find((g) => g.kind === kind && g.status === status)?._count._all ?? 0);

  const heap = pgliteHeapBytes();
  if (heap !== null) gauge(registry, SCRAPED_METRICS.pgliteHeap).set(heap);

  await replicaMetrics(registry);

  const merged = Registry.merge([processMetrics().registry, registry]);
  return { body: await merged.metrics(), contentType: merged.contentType };
}

/** Read replicas (DATABASE_READ_URL): each one's state and lag, and where whole-scope reads ran. */
async function replicaMetrics(registry: Registry): Promise<void> {
  const status = await getReplicaStatus();
  if (!status.configured) return;
  const up = gauge(registry, SCRAPED_METRICS.replicaServing);
  const lagSeconds = gauge(registry, SCRAPED_METRICS.replicaLagSeconds);
  const lagBytes = gauge(registry, SCRAPED_METRICS.replicaLagBytes);
  for (const r of status.replicas) {
    up.set({ replica: r.replica }, r.state === 'serving' ? 1 : 0);
    if (r.lag_seconds !== null) lagSeconds.set({ replica: r.replica }, r.lag_seconds);
    if (r.lag_bytes !== null) lagBytes.set({ replica: r.replica }, r.lag_bytes);
  }
  const { name, help, labels } = SCRAPED_METRICS.wholeScopeReads;
  const reads = new Counter({ name, help, labelNames: [...labels], registers: [registry] });
  reads.inc({ target: 'replica', reason: 'replica_serving' }, status.reads.replica);
  for (const [reason, n] of Object.entries(status.reads.primary)) reads.inc({ target: 'primary', reason }, n);
}

/** STIGMEM_METRICS_PUBLIC=true serves /metrics without a key (for a scraper on a private network). */
export function metricsArePublic(): boolean {
  return config().metricsPublic;
}
