import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { assertLocalDatabase, E2E_ADMIN_KEY, E2E_BASE_URL, E2E_PORT } from './e2e/support/e2e-env';

// End-to-end suite: a production build (`npm run build && npm start`, or only `npm start` with
// E2E_SKIP_BUILD=1) on port 3210 over a fresh embedded database in .e2e-data/<timestamp>, with a
// fixed admin key. Projects: `api` (request-context tests), `ui` (Debian Chromium), and with
// E2E_SHOTS_DIR set, `screenshots` (writes a PNG of every page there). The example outside suite
// (e2e/examples) has its own configuration and runs against the demo, twice with a reset between
// (scripts/example-suite.mjs, after this suite in `npm test`).

assertLocalDatabase(process.env.DATABASE_URL);

// Workers load this file again: keep the folder the main process chose.
process.env.E2E_DATA_DIR ??= path.join(__dirname, '.e2e-data', String(Date.now()));

const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'];

const browser = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 800 },
  launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
};

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  // `npm test` runs two of these at once, each with a folder, a port and a database of its own (scripts/test.mjs).
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: a 2-core machine runs the server, the browser and the tests.
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.test-reports/playwright.json' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'api', testMatch: 'api/**/*.spec.ts' },
    { name: 'ui', testMatch: 'ui/**/*.spec.ts', use: browser },
    // A photo tour of every page for a person to look at, only when asked for (E2E_SHOTS_DIR=/tmp/shots).
    ...(process.env.E2E_SHOTS_DIR ? [{ name: 'screenshots', testMatch: 'screenshots/**/*.spec.ts', use: browser }] : []),
  ],
  webServer: {
    // The suite never talks to a configured PostgreSQL: DATABASE_URL is dropped for the server.
    command: `unset DATABASE_URL; ${process.env.E2E_SKIP_BUILD === '1' ? '' : 'npm run build && '}npm start`,
    url: `${E2E_BASE_URL}/.well-known/stigmem`,
    reuseExistingServer: false,
    timeout: 15 * 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      STIGMEM_DATA_DIR: process.env.E2E_DATA_DIR,
      STIGMEM_ADMIN_KEY: E2E_ADMIN_KEY,
      STIGMEM_AUTH_REQUIRED: 'true',
      // Scopes above this lint in a background job; e2e/support/lint-data.ts fills one scope past it. Above
      // what the other scopes reach in a full run (local passes 1,600), so their pages stay in-request.
      STIGMEM_ASYNC_THRESHOLD: '4000',
      // The suite's scopes pass 1,500 facts as it goes; the overview's cards stay live (a scope above
      // this shows its latest health run: test/cluster/streaming.test.ts covers that card).
      STIGMEM_OVERVIEW_LIVE_FACTS: '1000000',
      NEXT_TELEMETRY_DISABLED: '1',
      // The server's output is piped into the run's: its warnings and errors, not a JSON line per request.
      LOG_LEVEL: 'warn',
      // No background health runs: the tests' data and alerts stay theirs (e2e/ui/health-history.spec.ts runs its own).
      STIGMEM_SCHEDULER: 'off',
      // e2e/api/hardening.spec.ts sends a body too slowly and waits for the 408.
      STIGMEM_BODY_TIMEOUT_MS: '5000',
    },
  },
});
