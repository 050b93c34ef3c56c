import { describeDatabase } from './lib/db/connection';
import { startMaintenance } from './lib/db/maintenance/maintenance-scheduler';
import { startHealthScheduler } from './lib/health-history/scheduler';
import { ensureNodeSetup } from './lib/node/node-setup';

// At server start: apply pending migrations, provision STIGMEM_ADMIN_KEY and the node id before the
// first request (so `npm start` on an old database just works), then start the node's own database
// maintenance (PGlite has no autovacuum) and the health scheduler.
try {
  await ensureNodeSetup();
} catch (error) {
  // A node that cannot set itself up (bad STIGMEM_DECAY_POLICIES, unreachable database) must not serve.
  console.error(`[stigmem] cannot start: ${(error as Error).message}`);
  process.exit(1);
}
startMaintenance();
startHealthScheduler();
console.log(`[stigmem] ready on ${describeDatabase()}`);
