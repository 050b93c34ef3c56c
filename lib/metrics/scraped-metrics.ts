import { FIGURES } from '../figures/figures';

// The series GET /metrics reads from the database at scrape time (lib/metrics/scrape.ts), declared
// once: scrape.ts builds its gauges from these, and the Grafana dashboard's test
// (ops/grafana/stigmem-health.test.ts) checks its queries against them and the process registry.

export interface ScrapedMetric {
  name: string;
  help: string;
  labels: readonly string[];
  type: 'gauge' | 'counter';
}

const gauge = (name: string, help: string, labels: readonly string[] = ['scope']): ScrapedMetric => ({ name, help, labels, type: 'gauge' });

export const SCRAPED_METRICS = {
  score: gauge('stigmem_health_score', 'Health score (0-100) of the latest finished run'),
  findings: gauge('stigmem_lint_findings', 'Findings of the latest finished run by check and severity', ['scope', 'check', 'severity']),
  facts: gauge('stigmem_facts', `${FIGURES.facts.label} at the latest run: ${FIGURES.facts.definition}`),
  live: gauge('stigmem_live_values', `${FIGURES.live_values.label} at the latest run: ${FIGURES.live_values.definition}`),
  pending: gauge('stigmem_conflicts_pending', `${FIGURES.contradicted_triples.label} at the latest run: ${FIGURES.contradicted_triples.definition}`),
  aged: gauge('stigmem_conflicts_aged', `${FIGURES.aged_contradictions.label} at the latest run: ${FIGURES.aged_contradictions.definition}`),
  lastRun: gauge('stigmem_health_run_last_timestamp_seconds', 'Start of the latest health run (any status)'),
  lastDuration: gauge('stigmem_health_run_last_duration_seconds', 'Duration of the latest health run'),
  lastFailed: gauge('stigmem_health_run_last_failed', '1 when the latest health run failed'),
  alerts: gauge('stigmem_alerts_open', 'Open or acknowledged alerts', ['scope', 'status']),
  jobs: gauge('stigmem_jobs_queued', 'Async lint and decay jobs pending or running', ['kind', 'status']),
  pgliteHeap: gauge('stigmem_pglite_heap_bytes', 'WebAssembly heap of the embedded database (it only grows; at its ceiling queries fail with 53200)', []),
  replicaServing: gauge('stigmem_replica_serving', '1 when the read replica serves reads (reachable, a standby of this primary, within STIGMEM_REPLICA_MAX_LAG_MS)', ['replica']),
  replicaLagSeconds: gauge('stigmem_replica_lag_seconds', 'How far the read replica is behind the primary, in seconds (0 when caught up)', ['replica']),
  replicaLagBytes: gauge('stigmem_replica_lag_bytes', 'WAL bytes the read replica has still to replay', ['replica']),
  wholeScopeReads: {
    name: 'stigmem_whole_scope_reads_total', type: 'counter', labels: ['target', 'reason'],
    help: 'Whole-scope reads (lint, synthesis, dry runs, recall, dashboard health) by the server that ran them and why',
  },
} satisfies Record<string, ScrapedMetric>;
