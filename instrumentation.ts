// Runs once when the server starts. The Node.js work lives in instrumentation-node.ts, imported only
// in the Node.js runtime, so the Edge build never sees Node APIs.
export async function register() {
  // NEXT_RUNTIME is Next's own switch between its runtimes, not the node's configuration.
  // eslint-disable-next-line no-restricted-syntax
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./instrumentation-node');
}
