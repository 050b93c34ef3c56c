import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Four projects: `unit` (pure domain logic), `http` (the real route handlers over a real
// database: embedded PGlite, or PostgreSQL when TEST_DB=postgres; see test/setup-db.ts),
// `replicas` (a PostgreSQL primary with streaming replicas of its own; test/replicas/) and
// `cluster` (several built servers as real processes on one PostgreSQL database; test/cluster/).
const alias = { '@': path.resolve(__dirname), 'server-only': path.resolve(__dirname, 'test/empty-module.ts') };

/** Names the JSON report after the projects run and the database: vitest-unit.json, vitest-http-postgres.json, … */
function reportName(): string {
  const argv = process.argv;
  const projects = argv.flatMap((arg, i) => (arg === '--project' ? [argv[i + 1]] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : []));
  const label = projects.length ? [...new Set(projects)].sort().join('-') : 'all';
  return ['unit', 'replicas', 'cluster'].includes(label) ? label : `${label}-${(process.env.TEST_DB ?? 'pglite').toLowerCase()}`;
}

/** HTTP suites that write and at once read back through lint, synthesis, dry runs and recall. */
const REPLICATED_HTTP_SUITES = ['test/http/lint-checks.test.ts', 'test/http/synthesis.test.ts', 'test/http/decay.test.ts', 'test/http/recall.test.ts'];

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: `.test-reports/vitest-${reportName()}.json` },
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['lib/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'http',
          include: ['test/http/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup-db.ts'],
          globalSetup: ['test/global-db.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // A primary and streaming replicas of it, started by the tests from the machine's PostgreSQL
        // binaries (test/replicas/pg-cluster.ts): the routing tests, and HTTP suites that write and
        // read back at once, run again with every whole-scope read going to a replica.
        resolve: { alias },
        test: {
          name: 'replicas',
          include: ['test/replicas/**/*.test.ts', ...REPLICATED_HTTP_SUITES],
          environment: 'node',
          setupFiles: ['test/setup-db.ts'],
          globalSetup: ['test/replicas/global-cluster.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // Several built servers (next start) as real processes on one PostgreSQL database.
        resolve: { alias },
        test: {
          name: 'cluster',
          include: ['test/cluster/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/cluster/global-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
