import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

function problems(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('gives every setting its documented default on an empty environment', () => {
    const config = parseConfig({});
    expect(config.database).toEqual({ url: null, dataDir: null, pool: 10, readUrls: [], replicaMaxLagMs: 500 });
    expect(config.authRequired).toBe(true);
    expect(config.asyncThreshold).toBe(100_000);
    expect(config.conflictCooldownDays).toBe(90);
    expect(config.intervals).toEqual({ lint_interval_s: 900, decay_interval_s: 0, auto_resolve_interval_s: 0 });
    expect(config.alertThresholds).toEqual({ pending: 10, aged: 0, false_alarms_per_week: 3 });
    expect(config.maintenance).toEqual({ enabled: true, intervalMs: 60_000 });
    expect([config.schedulerEnabled, config.metricsPublic, config.webhookTimeoutMs, config.healthRetentionDays]).toEqual([true, false, 10_000, 90]);
    expect(config.adminKey).toEqual({ secret: null, entity: 'stigmem://local/admin' });
    expect(config.heartbeatLapseMs).toBe(120_000);
  });

  it('treats an empty or blank variable as unset', () => {
    expect(parseConfig({ STIGMEM_ASYNC_THRESHOLD: '', DATABASE_URL: '  ' }).asyncThreshold).toBe(100_000);
    expect(parseConfig({ DATABASE_URL: '' }).database.url).toBeNull();
  });

  it('reads values and the spellings of a switch', () => {
    const config = parseConfig({ STIGMEM_ASYNC_THRESHOLD: '0', STIGMEM_AUTH_REQUIRED: 'false', STIGMEM_MAINTENANCE: 'off', STIGMEM_METRICS_PUBLIC: 'TRUE', STIGMEM_NODE_URL: 'https://health.example.com/', STIGMEM_CONFLICT_COOLDOWN_DAYS: '0.5' });
    expect([config.asyncThreshold, config.authRequired, config.maintenance.enabled, config.metricsPublic]).toEqual([0, false, false, true]);
    expect(config.node.url).toBe('https://health.example.com');
    expect(config.conflictCooldownDays).toBe(0.5);
  });

  it("takes the overview's live limit from the async threshold unless it is set", () => {
    expect(parseConfig({}).overviewLiveFacts).toBe(100_000);
    expect(parseConfig({ STIGMEM_ASYNC_THRESHOLD: '5000' }).overviewLiveFacts).toBe(5_000);
    expect(parseConfig({ STIGMEM_ASYNC_THRESHOLD: '5000', STIGMEM_OVERVIEW_LIVE_FACTS: '2000000' }).overviewLiveFacts).toBe(2_000_000);
    expect(parseConfig({ STIGMEM_OVERVIEW_LIVE_FACTS: ' ' }).overviewLiveFacts).toBe(100_000);
    expect(problems({ STIGMEM_OVERVIEW_LIVE_FACTS: 'all' })[0]).toMatch(/^STIGMEM_OVERVIEW_LIVE_FACTS: must be a whole number.*\(got "all"\)/);
  });

  it('names each variable that does not parse, with the value it read', () => {
    const found = problems({ STIGMEM_ASYNC_THRESHOLD: 'lots', STIGMEM_AUTH_REQUIRED: 'maybe', STIGMEM_DB_POOL: '0' });
    expect(found).toHaveLength(3);
    expect(found.find((p) => p.startsWith('STIGMEM_ASYNC_THRESHOLD:'))).toMatch(/whole number.*\(got "lots"\)/);
    expect(found.find((p) => p.startsWith('STIGMEM_AUTH_REQUIRED:'))).toMatch(/true\/false.*\(got "maybe"\)/);
    expect(found.find((p) => p.startsWith('STIGMEM_DB_POOL:'))).toMatch(/at least 1/);
  });

  it('reads the heartbeat lapse in seconds and refuses one too short to beat within', () => {
    expect(parseConfig({ STIGMEM_HEARTBEAT_LAPSE_S: '6' }).heartbeatLapseMs).toBe(6_000);
    expect(problems({ STIGMEM_HEARTBEAT_LAPSE_S: '2' })[0]).toMatch(/^STIGMEM_HEARTBEAT_LAPSE_S: must be at least 3/);
    expect(problems({ STIGMEM_INJECTION_THRESHOLD: '1.5' })[0]).toMatch(/^STIGMEM_INJECTION_THRESHOLD: must be at most 1/);
  });

  it('never echoes a secret or a database URL it refused', () => {
    const [adminKey] = problems({ STIGMEM_ADMIN_KEY: 'short-secret' });
    expect(adminKey).toMatch(/^STIGMEM_ADMIN_KEY: must be at least 32 characters$/);
    const [database] = problems({ DATABASE_URL: 'not a url with password hunter2' });
    expect(database).toMatch(/^DATABASE_URL: must be a URL$/);
  });

  it('reads DATABASE_READ_URL as a comma-separated list of replicas of DATABASE_URL', () => {
    const config = parseConfig({ DATABASE_URL: 'postgres://db:5432/app', DATABASE_READ_URL: ' postgres://r1:5432/app, postgresql://r2/app ,', STIGMEM_REPLICA_MAX_LAG_MS: '250' });
    expect(config.database.readUrls).toEqual(['postgres://r1:5432/app', 'postgresql://r2/app']);
    expect(config.database.replicaMaxLagMs).toBe(250);
  });

  it('refuses replicas without a primary, the primary itself, and entries that are not PostgreSQL URLs, without echoing them', () => {
    expect(problems({ DATABASE_READ_URL: 'postgres://r1/app' })).toEqual(['DATABASE_READ_URL: needs DATABASE_URL: read replicas are replicas of a PostgreSQL primary, and the embedded database has none']);
    expect(problems({ DATABASE_URL: 'postgres://db/app', DATABASE_READ_URL: 'postgres://r1/app,postgres://db:5432/app' })).toEqual(['DATABASE_READ_URL: names the primary (DATABASE_URL) itself; list only its replicas']);
    const [entry] = problems({ DATABASE_URL: 'postgres://db/app', DATABASE_READ_URL: 'postgres://r1/app,mysql://user:hunter2@r2/app' });
    expect(entry).toBe('DATABASE_READ_URL: entry 2 must be a postgres:// or postgresql:// URL');
    expect(problems({ STIGMEM_REPLICA_MAX_LAG_MS: 'soon' })[0]).toMatch(/^STIGMEM_REPLICA_MAX_LAG_MS: must be a whole number/);
  });

  it('reads LOG_LEVEL: info by default, silent under a test runner, refuses an unknown level', () => {
    expect(parseConfig({}).logLevel).toBe('info');
    expect(parseConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'Debug' }).logLevel).toBe('debug');
    expect(problems({ LOG_LEVEL: 'verbose' })[0]).toMatch(/^LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent/);
  });

  it('turns traces on only when the OTEL_* variables say so', () => {
    const exporter = (env: Record<string, string>) => parseConfig(env).tracing.exporter;
    expect(exporter({})).toBeNull();
    expect(exporter({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe('otlp');
    expect(exporter({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe('otlp');
    expect(exporter({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe('otlp');
    expect(exporter({ OTEL_TRACES_EXPORTER: 'console' })).toBe('console');
    expect(exporter({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBeNull();
    expect(exporter({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' })).toBeNull();
    expect(parseConfig({}).tracing).toMatchObject({ serviceName: 'stigmem-health', scheduleDelayMs: 5_000 });
    expect(problems({ OTEL_TRACES_EXPORTER: 'jaeger' })[0]).toBe('OTEL_TRACES_EXPORTER: must be otlp, console or none (got "jaeger")');
    expect(problems({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })[0]).toMatch(/^OTEL_EXPORTER_OTLP_PROTOCOL: this node exports OTLP over HTTP with JSON bodies/);
    // An endpoint may carry credentials: never echoed.
    expect(problems({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url with secret-token' })[0]).toBe('OTEL_EXPORTER_OTLP_ENDPOINT: must be a URL');
  });
});
