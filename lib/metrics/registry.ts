import { Counter, Histogram, Registry } from 'prom-client';
import { logger } from '../observability/logger';

// Process metrics for GET /metrics: HTTP requests by route (the pattern, never ids), write batch
// sizes, how long writes waited for their locks and held them, jobs and the reconcilers, counted as
// they happen. One registry per process (kept on globalThis across hot reloads).
// Scope health is read from the database at scrape time (lib/metrics/scrape.ts).

interface ProcessMetrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  latency: Histogram<'method' | 'route'>;
  batches: Histogram;
  lockWait: Histogram<'lock'>;
  lockHeld: Histogram;
  jobsClaimed: Counter<'kind' | 'how'>;
  jobsEnded: Counter<'kind' | 'status'>;
  stateChecks: Counter<'state'>;
  stateDrift: Counter<'state'>;
}

const state = globalThis as unknown as { __stigmemMetrics?: ProcessMetrics };

export function processMetrics(): ProcessMetrics {
  if (state.__stigmemMetrics) return state.__stigmemMetrics;
  const registry = new Registry();
  state.__stigmemMetrics = {
    registry,
    requests: new Counter({ name: 'stigmem_http_requests_total', help: 'HTTP API requests by route pattern, method and status', labelNames: ['method', 'route', 'status'], registers: [registry] }),
    latency: new Histogram({
      name: 'stigmem_http_request_duration_seconds', help: 'HTTP API request latency by route pattern', labelNames: ['method', 'route'], registers: [registry],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
    batches: new Histogram({ name: 'stigmem_write_batch_size', help: 'Facts per write-path transaction', buckets: [1, 2, 5, 10, 50, 100, 250, 500, 1000, 10000], registers: [registry] }),
    lockWait: new Histogram({
      name: 'stigmem_write_lock_wait_seconds', registers: [registry], labelNames: ['lock'],
      help: 'Time a write waited for its write locks (PostgreSQL): "entities" (its entities, under shared scope locks) or "scopes" (scopes taken whole)',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
    lockHeld: new Histogram({
      name: 'stigmem_write_lock_held_seconds', registers: [registry],
      help: 'Time a write of facts held its write locks, from taking them to the end of its statements (its commit not included; PostgreSQL)',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
    jobsClaimed: new Counter({
      name: 'stigmem_jobs_claimed_total', registers: [registry], labelNames: ['kind', 'how'],
      help: 'Jobs this instance claimed: "accepted" (it took the request) or "picked_up" (left pending or cut off by another instance)',
    }),
    jobsEnded: new Counter({ name: 'stigmem_jobs_ended_total', help: 'Job runs of this instance by outcome: done, failed, or lost (taken over)', labelNames: ['kind', 'status'], registers: [registry] }),
    stateChecks: new Counter({
      name: 'stigmem_maintained_state_checks_total', registers: [registry], labelNames: ['state'],
      help: 'Scopes whose maintained health state this instance compared with a full count (the reconciler)',
    }),
    stateDrift: new Counter({
      name: 'stigmem_maintained_state_drift_total', registers: [registry], labelNames: ['state'],
      help: 'Rows of maintained health state found to differ from a full count, and repaired (should stay 0)',
    }),
  };
  return state.__stigmemMetrics;
}

/** /v1/conflicts/stigmem%3Aconflict%3Aabc/resolve → /v1/conflicts/[id]/resolve, so ids never become labels. */
export function routePattern(pathname: string, params: Record<string, string | string[]>): string {
  const byValue = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      byValue.set(v, `[${name}]`);
      byValue.set(encodeURIComponent(v), `[${name}]`);
    }
  }
  return pathname
    .split('/')
    .map((segment) => byValue.get(segment) ?? byValue.get(safeDecode(segment)) ?? segment)
    .join('/');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Counts and times one API request under its route pattern (routePattern: never ids). */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  try {
    const m = processMetrics();
    m.requests.inc({ method, route, status: String(status) });
    m.latency.observe({ method, route }, seconds);
  } catch (error) {
    // Counting must never cost a request its answer.
    logger().error({ err: error }, 'request metrics failed');
  }
}

export function observeWriteBatch(size: number): void {
  processMetrics().batches.observe(size);
}

/** How long one write waited for its locks; `lock` says which kind it took. */
export function observeLockWait(lock: 'entities' | 'scopes', seconds: number): void {
  processMetrics().lockWait.observe({ lock }, seconds);
}

/** How long one write of facts held its locks before its commit. */
export function observeLockHeld(seconds: number): void {
  processMetrics().lockHeld.observe(seconds);
}

export function observeJobClaim(kind: string, how: 'accepted' | 'picked_up'): void {
  processMetrics().jobsClaimed.inc({ kind, how });
}

export function observeJobEnd(kind: string, status: 'done' | 'failed' | 'lost'): void {
  processMetrics().jobsEnded.inc({ kind, status });
}

/** One scope's maintained `state` compared with a full count by the reconciler; `drifted` rows differed and were repaired. */
export function observeStateCheck(state: string, drifted: number): void {
  const m = processMetrics();
  m.stateChecks.inc({ state });
  if (drifted) m.stateDrift.inc({ state }, drifted);
}
