import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN_KEY, E2E_PORT } from '../support/e2e-env';
import { secondNodeEnv, waitForNode } from '../support/second-node';

// The empty node (issue 17): a fresh `npm start` without data shows the first-run guide. The suite's
// own server has other tests' facts, so this file starts a second server of the same build on the
// next port over an in-memory database, and stops it at the end.

const PORT = E2E_PORT + 1;
const BASE = `http://localhost:${PORT}`;
let server: ChildProcess | undefined;

test.describe('first run', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const root = path.join(__dirname, '..', '..');
    const next = createRequire(path.join(root, 'package.json')).resolve('next/dist/bin/next');
    server = spawn(process.execPath, [next, 'start'], { cwd: root, env: secondNodeEnv({ PORT: String(PORT), STIGMEM_DATA_DIR: 'memory://' }), stdio: 'ignore' });
    await waitForNode(BASE, server, 'the empty node', 200);
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  test('an empty node explains itself and shows how to write a first fact with its own URL', async ({ page }) => {
    const session = await page.request.post(`${BASE}/api/session`, { data: { key: E2E_ADMIN_KEY }, headers: { origin: BASE } });
    expect(session.status()).toBe(200);
    await page.goto(`${BASE}/`);
    const guide = page.getByTestId('first-run');
    await expect(guide).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Health', level: 1 })).toBeVisible();
    await expect(guide.getByTestId('first-run-node-url')).toHaveText(BASE);
    await expect(guide.getByTestId('first-run-curl')).toContainText(`curl -X POST ${BASE}/v1/facts`);
    await expect(guide.getByTestId('first-run-mcp')).toContainText(`${BASE}/mcp`);
    await expect(guide.getByTestId('first-run-import')).toContainText(`${BASE}/v1/facts/import`);
    await expect(page.getByTestId('scope-card-local')).toHaveCount(0);

    // The snippet's fact, written as the page says, turns the guide into the health cards.
    const body = /-d '(.*)'$/m.exec((await guide.getByTestId('first-run-curl').textContent()) ?? '')?.[1];
    const write = await page.request.post(`${BASE}/v1/facts`, { headers: { authorization: `Bearer ${E2E_ADMIN_KEY}` }, data: JSON.parse(body!) });
    expect(write.status(), await write.text()).toBe(201);
    await page.reload();
    await expect(page.getByTestId('first-run')).toHaveCount(0);
    await expect(page.getByTestId('scope-card-team')).toBeVisible();
  });

  test('the icons and the manifest are served (no 404 for /favicon.ico)', async ({ request }) => {
    for (const asset of ['/favicon.ico', '/icon.svg', '/icon-192.png', '/apple-touch-icon.png', '/og-image.png']) {
      const response = await request.get(`${BASE}${asset}`);
      expect(response.status(), asset).toBe(200);
    }
    const manifest = await request.get(`${BASE}/manifest.webmanifest`);
    expect(((await manifest.json()) as { name: string }).name).toBe('Stigmem Health');
  });
});
