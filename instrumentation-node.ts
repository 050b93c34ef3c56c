import { config } from './lib/config/config';
import { describeDatabase } from './lib/db/connection';
import { startMaintenance } from './lib/db/maintenance/maintenance-scheduler';
import { startHealthScheduler } from './lib/health-history/scheduler';
import { startJobWorker } from './lib/jobs/job-worker';
import { JOB_DEFINITIONS } from './lib/node/job-kinds';
import { ensureNodeSetup } from './lib/node/node-setup';
import { logger } from './lib/observability/logger';
import { startTracing } from './lib/observability/start-tracing';

// At server start: apply pending migrations, provision STIGMEM_ADMIN_KEY and the node id before the
// first request (so `npm start` on an old database just works), then start the node's own database
// maintenance (PGlite has no autovacuum), the health scheduler and, on PostgreSQL, the worker that
// takes over the jobs of instances that died (docs/scaling.md § Many instances). Tracing, when the
// OTEL_* variables turn it on, is registered first, so set-up and the first request are traced.
try {
  // An invalid variable stops the node here, naming it (lib/config/config.ts).
  config();
  startTracing();
  await ensureNodeSetup();
} catch (error) {
  // A node that cannot set itself up (bad configuration, bad STIGMEM_DECAY_POLICIES, unreachable database) must not serve.
  logger().fatal(`cannot start: ${(error as Error).message}`);
  logger().flush();
  process.exit(1);
}
startMaintenance();
startHealthScheduler();
startJobWorker(JOB_DEFINITIONS);
logger().info(`ready on ${describeDatabase()}`);
