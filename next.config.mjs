import { configHeaders } from './lib/http/security-headers.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Loaded from node_modules at run time, not bundled: PGlite and the schema engine read their
  // WebAssembly files from their package folders. The OpenTelemetry SDK is loaded once from
  // node_modules too, so the instrumentation hook and the routes share one tracer provider.
  serverExternalPackages: [
    '@electric-sql/pglite', 'pglite-prisma-adapter', '@prisma/schema-engine-wasm', '@prisma/adapter-pg', 'pg',
    '@opentelemetry/api', '@opentelemetry/context-async-hooks', '@opentelemetry/core', '@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/resources', '@opentelemetry/sdk-trace',
  ],
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
