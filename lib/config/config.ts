import { z } from 'zod';

// The node's configuration: every environment variable it reads, validated once with zod
// (README.md § Configuration lists them). No other module reads process.env (an ESLint rule holds
// that line). An unset or empty variable takes its default; a value that does not parse stops the
// node at start with a message naming the variable, instead of being silently replaced by the default.

const unset = (raw: unknown) => (typeof raw === 'string' && raw.trim() === '' ? undefined : raw);

const optionalText = z.preprocess(unset, z.string().trim().optional());

/** A whole number within bounds, from its decimal text. */
const integer = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    unset,
    z
      .string()
      .trim()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
      .default(fallback),
  );

/** A whole number of at least `min`, or undefined when unset (its default depends on another setting). */
const optionalInteger = (min: number) =>
  z.preprocess(
    unset,
    z
      .string()
      .trim()
      .regex(/^\d+$/, `must be a whole number of at least ${min}`)
      .transform(Number)
      .pipe(z.number().min(min, `must be at least ${min}`).max(Number.MAX_SAFE_INTEGER, `must be at most ${Number.MAX_SAFE_INTEGER}`))
      .optional(),
  );

/** A decimal number within bounds. */
const decimal = (fallback: number, min: number, max = Infinity) =>
  z.preprocess(
    unset,
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, `must be a number of at least ${min}`)
      .transform(Number)
      .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
      .default(fallback),
  );

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, on: true, off: false, yes: true, no: false };
const flag = (fallback: boolean) =>
  z.preprocess(
    unset,
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((word) => word in BOOLEAN_WORDS, 'must be one of true/false, on/off, yes/no, 1/0')
      .transform((word) => BOOLEAN_WORDS[word])
      .default(fallback),
  );

const url = z.preprocess(unset, z.url({ error: 'must be a URL' }).optional());

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Where spans go: OTEL_TRACES_EXPORTER when set (none, otlp, console); unset, OTLP when an OTLP
 * endpoint is named, else nowhere. OTEL_SDK_DISABLED=true wins over both.
 */
function traceExporter(env: { OTEL_SDK_DISABLED: boolean; OTEL_TRACES_EXPORTER?: string; OTEL_EXPORTER_OTLP_ENDPOINT?: string; OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string }): 'otlp' | 'console' | null {
  if (env.OTEL_SDK_DISABLED) return null;
  if (env.OTEL_TRACES_EXPORTER) return env.OTEL_TRACES_EXPORTER === 'none' ? null : (env.OTEL_TRACES_EXPORTER as 'otlp' | 'console');
  return env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? 'otlp' : null;
}

const POSTGRES_URL = /^postgres(ql)?:\/\//;

/** One PostgreSQL URL or several separated by commas; entries are named by position, never echoed (they may hold a password). */
const postgresUrlList = z.preprocess(
  (raw) => (typeof raw === 'string' ? raw.split(',').map((entry) => entry.trim()).filter(Boolean) : raw),
  z
    .array(z.string())
    .superRefine((entries, ctx) => {
      entries.forEach((entry, i) => {
        if (!POSTGRES_URL.test(entry) || !URL.canParse(entry)) ctx.addIssue({ code: 'custom', message: `entry ${i + 1} must be a postgres:// or postgresql:// URL` });
      });
    })
    .default([]),
);

const envSchema = z.object({
  NODE_ENV: optionalText,
  DATABASE_URL: url,
  DATABASE_READ_URL: postgresUrlList,
  STIGMEM_REPLICA_MAX_LAG_MS: integer(500, 0, 3_600_000),
  STIGMEM_DATA_DIR: optionalText,
  STIGMEM_DB_POOL: integer(10, 1, 1000),
  STIGMEM_ADMIN_KEY: z.preprocess(unset, z.string().min(32, 'must be at least 32 characters').optional()),
  STIGMEM_ADMIN_ENTITY: z.preprocess(unset, z.string().trim().default('stigmem://local/admin')),
  STIGMEM_AUTH_REQUIRED: flag(true),
  STIGMEM_NODE_ID: optionalText,
  STIGMEM_NODE_URL: url,
  STIGMEM_CONFLICT_COOLDOWN_DAYS: decimal(90, 0),
  // How long a write waits for the locks of its entities or scopes (lib/facts/write-locks.ts) before it answers 503 instead of queueing on.
  STIGMEM_WRITE_LOCK_WAIT_MS: integer(30_000, 1, 600_000),
  // One resolve or dismiss covers at most this many live values (one transaction holding its triple's lock).
  STIGMEM_MAX_DECISION_VALUES: integer(5_000, 2, 100_000),
  STIGMEM_ASYNC_THRESHOLD: integer(100_000, 0),
  STIGMEM_OVERVIEW_LIVE_FACTS: optionalInteger(0),
  STIGMEM_DECAY_POLICIES: optionalText,
  STIGMEM_AUTO_RESOLVE_BUDGET: integer(5, 1, 1000),
  // Memory integrity (docs/decisions.md § Memory integrity): the injection score (0–1) from which a value is a finding,
  // unless a scope sets its own; `off` takes inspection off the write path (no quarantining of flagged writes as they
  // are written): the scheduler's background pass still inspects the values written meanwhile.
  STIGMEM_INJECTION_THRESHOLD: decimal(0.5, 0.05, 1),
  STIGMEM_INTEGRITY: flag(true),
  STIGMEM_MAINTENANCE: flag(true),
  STIGMEM_MAINTENANCE_INTERVAL_S: integer(60, 1),
  STIGMEM_ALERT_PENDING: decimal(10, 0),
  STIGMEM_ALERT_AGED: decimal(0, 0),
  STIGMEM_ALERT_FALSE_ALARMS: decimal(3, 0),
  STIGMEM_LINT_INTERVAL: integer(900, 0),
  // A scope written since its last health run is run again this soon (its alerts fire within a tick
  // or two of the write), when its last run took at most a tenth of it; 0 = only on the schedule.
  STIGMEM_CHANGE_RUN_S: integer(60, 0),
  STIGMEM_DECAY_INTERVAL: integer(0, 0),
  STIGMEM_AUTO_RESOLVE_INTERVAL: integer(0, 0),
  STIGMEM_SCHEDULER: flag(true),
  STIGMEM_HEALTH_RETENTION_DAYS: integer(90, 1),
  // Spec-09 asks for a default long enough for an investigation; a day is the floor the audit
  // table's own trigger holds (prisma/migrations/*_audit_entries).
  STIGMEM_AUDIT_RETENTION_DAYS: integer(365, 1),
  STIGMEM_MAX_SESSIONS_PER_KEY: integer(20, 1, 10_000),
  STIGMEM_BODY_TIMEOUT_MS: integer(30_000, 100, 3_600_000),
  STIGMEM_WEBHOOK_TIMEOUT_MS: integer(10_000, 1),
  STIGMEM_METRICS_PUBLIC: flag(false),
  // Several app instances on one PostgreSQL database: how long an instance may go silent before
  // its running jobs and its leader roles are taken over by another (docs/scaling.md).
  STIGMEM_HEARTBEAT_LAPSE_S: integer(120, 3, 86_400),
  // The Spec-19 adapter (lib/adapter) runs inside an agent's process and finds its node here.
  STIGMEM_URL: optionalText,
  STIGMEM_API_KEY: optionalText,
  STIGMEM_SOURCE_ENTITY: optionalText,
  // Observability (docs/operations.md): the log level, and the standard OpenTelemetry variables
  // that decide whether traces are exported (off unless they say so). The exporter reads its own
  // endpoint, headers and timeout variables; they are validated here so a typo stops the node.
  LOG_LEVEL: z.preprocess(unset, z.string().trim().toLowerCase().pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })).optional()),
  OTEL_SDK_DISABLED: flag(false),
  OTEL_TRACES_EXPORTER: z.preprocess(unset, z.string().trim().toLowerCase().pipe(z.enum(['otlp', 'console', 'none'], { error: 'must be otlp, console or none' })).optional()),
  OTEL_EXPORTER_OTLP_ENDPOINT: url,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: url,
  OTEL_EXPORTER_OTLP_PROTOCOL: z.preprocess(unset, z.literal('http/json', { error: 'this node exports OTLP over HTTP with JSON bodies: http/json (or leave it unset)' }).optional()),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.preprocess(unset, z.literal('http/json', { error: 'this node exports OTLP over HTTP with JSON bodies: http/json (or leave it unset)' }).optional()),
  OTEL_SERVICE_NAME: z.preprocess(unset, z.string().trim().default('stigmem-health')),
  OTEL_BSP_SCHEDULE_DELAY: integer(5_000, 1, 3_600_000),
}).superRefine((env, ctx) => {
  // Replicas stream the primary's WAL: the embedded database has none to stream.
  if (env.DATABASE_READ_URL.length && !env.DATABASE_URL) ctx.addIssue({ code: 'custom', path: ['DATABASE_READ_URL'], message: 'needs DATABASE_URL: read replicas are replicas of a PostgreSQL primary, and the embedded database has none' });
  if (env.DATABASE_URL && env.DATABASE_READ_URL.some((entry) => sameServer(entry, env.DATABASE_URL!))) {
    ctx.addIssue({ code: 'custom', path: ['DATABASE_READ_URL'], message: 'names the primary (DATABASE_URL) itself; list only its replicas' });
  }
});

function sameServer(a: string, b: string): boolean {
  const [x, y] = [new URL(a), new URL(b)];
  return x.hostname === y.hostname && (x.port || '5432') === (y.port || '5432') && x.pathname === y.pathname;
}

export type Env = z.output<typeof envSchema>;

export interface Config {
  /** `next dev` (NODE_ENV=development): React evaluates code for its debugging, which the pages' CSP must then allow. */
  development: boolean;
  database: {
    url: string | null;
    dataDir: string | null;
    pool: number;
    /** Streaming replicas of `url` for whole-scope reads (docs/scaling.md § Read replicas). */
    readUrls: string[];
    /** A replica further behind than this is skipped; a read waits at most this long for one to catch up. */
    replicaMaxLagMs: number;
  };
  adminKey: { secret: string | null; entity: string };
  authRequired: boolean;
  node: { id: string | null; url: string | null };
  conflictCooldownDays: number;
  writeLockWaitMs: number;
  maxDecisionValues: number;
  asyncThreshold: number;
  /** Above this many facts the health overview shows a scope's latest health run instead of linting it per view. */
  overviewLiveFacts: number;
  decayPoliciesJson: string | null;
  autoResolveBudget: number;
  integrity: { enabled: boolean; injectionThreshold: number };
  maintenance: { enabled: boolean; intervalMs: number };
  alertThresholds: { pending: number; aged: number; false_alarms_per_week: number };
  intervals: { lint_interval_s: number; decay_interval_s: number; auto_resolve_interval_s: number };
  /** Seconds after its last run a scope written since is run again (0 = off): docs/decisions.md § Health runs after a write. */
  changeRunS: number;
  schedulerEnabled: boolean;
  healthRetentionDays: number;
  /** Audit entries older than this are pruned (lib/audit/prune-audit.ts); nothing else removes one. */
  auditRetentionDays: number;
  /** Live dashboard sessions per key: signing in past it ends the oldest. */
  maxSessionsPerKey: number;
  /** A request body not fully received in this time is answered 408. */
  bodyTimeoutMs: number;
  webhookTimeoutMs: number;
  metricsPublic: boolean;
  /** No heartbeat for this long = the instance holding a job or a leader lease is gone. */
  heartbeatLapseMs: number;
  adapter: { url: string | null; apiKey: string | null; sourceEntity: string | null };
  /** LOG_LEVEL; unset: info, or silent under a test runner (NODE_ENV=test) so test output stays readable. */
  logLevel: LogLevel;
  /** OpenTelemetry traces: off (exporter null) unless the OTEL_* variables turn them on. */
  tracing: { exporter: 'otlp' | 'console' | null; serviceName: string; scheduleDelayMs: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration: ${problems.join('; ')}`);
  }
}

/** Validates an environment (process.env by default) into the node's configuration. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}${describeValue(String(issue.path[0]), env[String(issue.path[0])])}`));
  }
  const e = parsed.data;
  return {
    development: e.NODE_ENV === 'development',
    database: { url: e.DATABASE_URL ?? null, dataDir: e.STIGMEM_DATA_DIR ?? null, pool: e.STIGMEM_DB_POOL, readUrls: e.DATABASE_READ_URL, replicaMaxLagMs: e.STIGMEM_REPLICA_MAX_LAG_MS },
    adminKey: { secret: e.STIGMEM_ADMIN_KEY ?? null, entity: e.STIGMEM_ADMIN_ENTITY },
    authRequired: e.STIGMEM_AUTH_REQUIRED,
    node: { id: e.STIGMEM_NODE_ID ?? null, url: e.STIGMEM_NODE_URL?.replace(/\/+$/, '') ?? null },
    conflictCooldownDays: e.STIGMEM_CONFLICT_COOLDOWN_DAYS,
    writeLockWaitMs: e.STIGMEM_WRITE_LOCK_WAIT_MS,
    maxDecisionValues: e.STIGMEM_MAX_DECISION_VALUES,
    asyncThreshold: e.STIGMEM_ASYNC_THRESHOLD,
    overviewLiveFacts: e.STIGMEM_OVERVIEW_LIVE_FACTS ?? e.STIGMEM_ASYNC_THRESHOLD,
    decayPoliciesJson: e.STIGMEM_DECAY_POLICIES ?? null,
    autoResolveBudget: e.STIGMEM_AUTO_RESOLVE_BUDGET,
    integrity: { enabled: e.STIGMEM_INTEGRITY, injectionThreshold: e.STIGMEM_INJECTION_THRESHOLD },
    maintenance: { enabled: e.STIGMEM_MAINTENANCE, intervalMs: e.STIGMEM_MAINTENANCE_INTERVAL_S * 1000 },
    alertThresholds: { pending: e.STIGMEM_ALERT_PENDING, aged: e.STIGMEM_ALERT_AGED, false_alarms_per_week: e.STIGMEM_ALERT_FALSE_ALARMS },
    intervals: { lint_interval_s: e.STIGMEM_LINT_INTERVAL, decay_interval_s: e.STIGMEM_DECAY_INTERVAL, auto_resolve_interval_s: e.STIGMEM_AUTO_RESOLVE_INTERVAL },
    changeRunS: e.STIGMEM_CHANGE_RUN_S,
    schedulerEnabled: e.STIGMEM_SCHEDULER,
    healthRetentionDays: e.STIGMEM_HEALTH_RETENTION_DAYS,
    auditRetentionDays: e.STIGMEM_AUDIT_RETENTION_DAYS,
    maxSessionsPerKey: e.STIGMEM_MAX_SESSIONS_PER_KEY,
    bodyTimeoutMs: e.STIGMEM_BODY_TIMEOUT_MS,
    webhookTimeoutMs: e.STIGMEM_WEBHOOK_TIMEOUT_MS,
    metricsPublic: e.STIGMEM_METRICS_PUBLIC,
    heartbeatLapseMs: e.STIGMEM_HEARTBEAT_LAPSE_S * 1000,
    adapter: { url: e.STIGMEM_URL ?? null, apiKey: e.STIGMEM_API_KEY ?? null, sourceEntity: e.STIGMEM_SOURCE_ENTITY ?? null },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    tracing: { exporter: traceExporter(e), serviceName: e.OTEL_SERVICE_NAME, scheduleDelayMs: e.OTEL_BSP_SCHEDULE_DELAY },
  };
}

/** Secrets are never echoed into logs; other values are, so the operator sees what was read. */
function describeValue(name: string, raw: string | undefined): string {
  if (raw === undefined) return '';
  return /KEY|SECRET|PASSWORD|DATABASE_|ENDPOINT/.test(name) ? '' : ` (got ${JSON.stringify(raw.length > 80 ? `${raw.slice(0, 80)}…` : raw)})`;
}

// On globalThis like the database handle: Next bundles this module into several chunks.
const holder = globalThis as unknown as { __stigmemConfig?: Config };

/** The configuration, read from process.env on first use. */
export function config(): Config {
  return (holder.__stigmemConfig ??= parseConfig());
}

/** Reads process.env again: for tests and scripts that change the environment of a running process. */
export function reloadConfig(): Config {
  holder.__stigmemConfig = parseConfig();
  return holder.__stigmemConfig;
}
