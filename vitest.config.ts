import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure domain logic) and `http` (the real route handlers over a real
// database: embedded PGlite, or PostgreSQL when TEST_DB=postgres; see test/setup-db.ts).
const alias = { '@': path.resolve(__dirname), 'server-only': path.resolve(__dirname, 'test/empty-module.ts') };

/** Names the JSON report after the projects run and the database: vitest-unit.json, vitest-http-postgres.json, … */
function reportName(): string {
  const argv = process.argv;
  const projects = argv.flatMap((arg, i) => (arg === '--project' ? [argv[i + 1]] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : []));
  const label = projects.length ? [...new Set(projects)].sort().join('-') : 'all';
  return label === 'unit' ? label : `${label}-${(process.env.TEST_DB ?? 'pglite').toLowerCase()}`;
}

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
    ],
  },
});
