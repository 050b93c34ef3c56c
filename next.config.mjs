/** @type {import('next').NextConfig} */
const nextConfig = {
  // Loaded from node_modules at run time, not bundled: PGlite and the schema engine read their
  // WebAssembly files from their package folders.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter', '@prisma/schema-engine-wasm', '@prisma/adapter-pg', 'pg'],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
