import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN_KEY, E2E_PORT } from '../support/e2e-env';
import { secondNodeEnv, waitForNode } from '../support/second-node';

// The demo tour (issue 17): `npm run demo` (here with 6,000 facts, the same story) on a database
// of its own, on the port after the suite's, then the README's tour: scopes of different health,
// aged conflicts with suggestions from recent evidence, a decay dry run with changes, a history
// that is not flat and snapshots a week apart.

const PORT = E2E_PORT + 1;
const BASE = `http://localhost:${PORT}`;
let demo: ChildProcess | undefined;
let dataDir: string | undefined;

test.describe('demo tour', () => {
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const root = path.join(__dirname, '..', '..');
    dataDir = mkdtempSync(path.join(tmpdir(), 'stigmem-demo-'));
    demo = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--conditions=react-server', 'scripts/demo.ts', '--skip-build', '--facts', '6000', '--port', String(PORT)], {
      cwd: root,
      env: secondNodeEnv({ STIGMEM_DATA_DIR: dataDir }),
      stdio: 'ignore',
      detached: true,
    });
    await waitForNode(BASE, demo, 'npm run demo', 500);
  });

  test.afterAll(async () => {
    if (demo?.pid && demo.exitCode === null) {
      process.kill(-demo.pid, 'SIGTERM');
      await new Promise((resolve) => demo!.once('close', resolve));
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('every page shows its feature with the demo data', async ({ page }) => {
    test.setTimeout(120_000);
    expect((await page.request.post(`${BASE}/api/session`, { data: { key: E2E_ADMIN_KEY }, headers: { origin: BASE } })).status()).toBe(200);

    await page.goto(`${BASE}/`);
    const score = async (scope: string) => Number((await page.getByTestId(`scope-${scope}-score`).textContent())?.match(/\d+/)?.[0]);
    expect(await score('public')).toBe(100);
    expect(await score('team')).toBeLessThan(await score('company'));

    await page.goto(`${BASE}/conflicts`);
    await expect(page.getByTestId('aged-badge').first()).toBeVisible();
    await page.goto(`${BASE}/conflicts?has_suggestion=true`);
    await expect(page.getByTestId('queue-suggestion').filter({ hasText: 'evidence' }).first()).toBeVisible();
    await page.goto(`${BASE}/conflicts?status=dismissed`);
    await expect(page.getByTestId('conflict-row').first()).toBeVisible();

    await page.goto(`${BASE}/decay?scope=local`);
    await expect(page.getByTestId('dry-run-would-reduce')).not.toHaveText('0');

    await page.goto(`${BASE}/health-history/team?range=30`);
    const scores = await page.getByTestId('runs-table').locator('tbody tr td:nth-child(2)').allTextContents();
    expect(new Set(scores).size).toBeGreaterThan(1);

    await page.goto(`${BASE}/synthesis?scope=team&tab=snapshots`);
    await expect(page.getByTestId('snapshot-row')).toHaveCount(2);
  });
});
