import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// The example outside suite's own configuration, as a QA team's repository would have it: no server
// of its own, the node under test at STIGMEM_URL (default the demo's http://localhost:3000), its key
// in STIGMEM_KEY. `npx playwright test -c e2e/examples` against a running demo; this repository's
// `npm test` runs it through scripts/example-suite.mjs, twice, with `npm run demo -- --reset` between.

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/examples',
  timeout: 60_000,
  // Generous: the demo may run on the machine that runs the browser and the suite (CI runs all three on two cores).
  expect: { timeout: 30_000 },
  workers: 1,
  retries: 0,
  // The JSON report goes to PLAYWRIGHT_JSON_OUTPUT_NAME when set (scripts/example-suite.mjs reads it).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: process.env.STIGMEM_URL ?? 'http://localhost:3000',
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // Debian's Chromium where there is one (this repository's machines), else Playwright's own browser.
    launchOptions: existsSync(chromium) ? { executablePath: chromium, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] } : {},
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
