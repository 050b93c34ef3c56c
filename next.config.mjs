import { configHeaders } from './lib/http/security-headers.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Loaded from node_modules at run time, not bundled: PGlite and the schema engine read their
  // WebAssembly files from their package folders.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter', '@prisma/schema-engine-wasm', '@prisma/adapter-pg', 'pg'],
  poweredByHeader: false,
  typedRoutes: false,
  // nosniff, Referrer-Policy and X-Frame-Options on every answer, and the data policy on the API's
  // (lib/http/security-headers.mjs); each page's own policy, with its nonce, comes from proxy.ts,
  // which requests with a body do not pass through.
  async headers() {
    return configHeaders();
  },
};

export default nextConfig;
