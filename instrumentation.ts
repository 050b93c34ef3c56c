// Runs once when the server starts: apply pending migrations, provision STIGMEM_ADMIN_KEY and the
// node id before the first request, so `npm start` on an old database just works.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { ensureNodeSetup } = await import('./lib/node/node-setup');
  const { describeDatabase } = await import('./lib/db/connection');
  try {
    await ensureNodeSetup();
  } catch (error) {
    // A node that cannot set itself up (bad STIGMEM_DECAY_POLICIES, unreachable database) must not serve.
    console.error(`[stigmem] cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  // The node keeps its own statistics and visibility maps fresh (PGlite has no autovacuum).
  const { startMaintenance } = await import('./lib/db/maintenance/maintenance-scheduler');
  startMaintenance();
  const { startHealthScheduler } = await import('./lib/health-history/scheduler');
  startHealthScheduler();
  console.log(`[stigmem] ready on ${describeDatabase()}`);
}
