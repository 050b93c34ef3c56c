// Runs once when the server starts: apply pending migrations, provision STIGMEM_ADMIN_KEY and the
// node id before the first request, so `npm start` on an old database just works.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { ensureNodeSetup } = await import('./lib/node/node-setup');
  const { describeDatabase } = await import('./lib/db/connection');
  await ensureNodeSetup();
  console.log(`[stigmem] ready on ${describeDatabase()}`);
}
