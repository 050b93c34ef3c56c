import { z } from 'zod';
import { isoInstant, Scope } from './records';

// Wire shapes of the node's own routes: its posture (doctor), federation, read replicas, database
// maintenance, its instances, and the API description itself.

const count = z.number().int().min(0);

/** GET /v1/doctor: coarse health and operator posture, never a secret. */
export const DoctorReport = z.object({
  status: z.enum(['ok', 'degraded']).describe('degraded: the database does not answer'),
  version: z.string().min(1),
  database: z.enum(['ok', 'unavailable']),
  storage: z.enum(['postgres', 'embedded']),
  auth: z.enum(['required', 'none']),
  scope_acl: z.enum(['enforced', 'open']).describe('open when auth is off: every caller may do everything'),
  federation: z.literal('disabled'),
  source_attestation: z.literal('off'),
  metrics: z.enum(['public', 'key_required']),
  node_url: z.enum(['configured', 'from_request']),
  scheduler: z.enum(['on', 'off']),
});

/** GET /v1/federation/peers: federation is disabled on this node. */
export const FederationPeers = z.object({ peers: z.array(z.never()).length(0) });

const PRIMARY_REASONS = ['no_replica_serving', 'replica_behind', 'replica_failed', 'write_path'] as const;

/** GET /v1/admin/replicas. */
export const ReplicaStatus = z.object({
  configured: z.boolean(),
  max_lag_ms: count,
  primary_lsn: z.string().nullable().describe("The primary's WAL position when the replicas were measured"),
  replicas: z.array(
    z.object({
      replica: z.string().min(1),
      state: z.enum(['unchecked', 'serving', 'lagging', 'down', 'not_a_replica']),
      lag_bytes: z.number().min(0).nullable(),
      lag_seconds: z.number().min(0).nullable(),
      replay_lsn: z.string().nullable(),
      replay_paused: z.boolean(),
      detail: z.string().nullable(),
      checked_at: isoInstant.nullable(),
      reads: count,
      failures: count,
      last_failure: z.string().nullable(),
    }),
  ),
  reads: z.object({
    replica: count,
    primary: z.object(Object.fromEntries(PRIMARY_REASONS.map((reason) => [reason, count])) as Record<(typeof PRIMARY_REASONS)[number], typeof count>),
    since: isoInstant.nullable(),
  }),
});

const MaintenanceRun = z.object({
  started_at: isoInstant,
  finished_at: isoInstant,
  duration_ms: count,
  outcome: z.enum(['done', 'skipped', 'failed']).describe('skipped: another instance holds the maintenance lock'),
  detail: z.string().optional(),
  actions: z.array(
    z.object({
      table: z.string().min(1),
      action: z.enum(['analyze', 'vacuum', 'vacuum analyze']),
      reasons: z.array(z.string().min(1)),
      duration_ms: count,
      error: z.string().optional(),
    }),
  ),
});

/** POST /v1/admin/maintenance: the run's report. */
export const MaintenanceRunReport = MaintenanceRun;

/** GET /v1/admin/maintenance. */
export const MaintenanceStatus = z.object({
  engine: z.enum(['pglite', 'postgres']),
  autovacuum: z.enum(['on', 'off']),
  thresholds: z
    .object({
      analyze_base: count,
      analyze_scale: z.number().min(0),
      vacuum_base: count,
      vacuum_scale: z.number().min(0),
      insert_vacuum_base: count,
      insert_vacuum_scale: z.number().min(0),
    })
    .describe("PostgreSQL's autovacuum thresholds: a table is due past base + scale × its rows"),
  scheduler: z.object({
    enabled: z.boolean(),
    leader: z.boolean().describe('This instance leads the periodic run'),
    periodic_runs: count,
    running: z.boolean(),
    scheduled: z.boolean(),
    runs: count,
    busy_ms: count,
    interval_s: z.number().min(0),
    last_run: MaintenanceRun.nullable(),
    local_changes: z.record(z.string(), count).describe('Rows this process changed per table since its last run'),
  }),
  tables: z.array(
    z.object({
      table: z.string().min(1),
      rows: count,
      estimated_rows: z.number().min(-1).describe("The planner's row count as of the last ANALYZE or VACUUM; -1: never analyzed"),
      dead_rows: count,
      changes_since_analyze: count,
      inserted_since_vacuum: count,
      size_bytes: count,
      last_analyze: isoInstant.nullable(),
      last_autoanalyze: isoInstant.nullable(),
      last_vacuum: isoInstant.nullable(),
      last_autovacuum: isoInstant.nullable(),
      analyze_due: z.boolean(),
      vacuum_due: z.boolean(),
      reasons: z.array(z.string().min(1)),
    }),
  ),
});

const Leader = z.object({ holder: z.string().min(1), expires_at: isoInstant }).nullable().describe('null: no live lease');

/** GET /v1/admin/cluster. */
export const ClusterStatus = z.object({
  instance_id: z.string().min(1).describe('host:pid:random'),
  engine: z.enum(['pglite', 'postgres']),
  heartbeat_lapse_s: z.number().min(0),
  leaders: z.object({ scheduler: Leader, maintenance: Leader }),
  this_instance: z.object({
    scheduler: z.object({ enabled: z.boolean(), leader: z.boolean(), runs_started: count }),
    maintenance: z.object({ enabled: z.boolean(), leader: z.boolean(), periodic_runs: count }),
  }),
  open_jobs: z.array(
    z.object({
      job_id: z.string().min(1),
      kind: z.string().min(1),
      scope: Scope,
      status: z.enum(['pending', 'running']),
      claimed_by: z.string().nullable(),
      attempts: count,
      heartbeat_at: isoInstant.nullable(),
    }),
  ),
});

/**
 * GET /v1/openapi.json: an OpenAPI 3.1 document. Its paths and components are described by the
 * OpenAPI specification itself, not here: test/http/openapi.test.ts validates the whole document.
 */
export const OpenApiDocument = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string().min(1), version: z.string().min(1), summary: z.string(), description: z.string() }),
  servers: z.array(z.object({ url: z.string() })),
  tags: z.array(z.object({ name: z.string().min(1) })),
  paths: z.record(z.string().regex(/^\//), z.record(z.string(), z.record(z.string(), z.unknown()))),
  components: z.object({ schemas: z.record(z.string(), z.unknown()), responses: z.record(z.string(), z.unknown()), securitySchemes: z.record(z.string(), z.unknown()) }),
});
