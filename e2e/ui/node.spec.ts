import { expect, test } from '@playwright/test';
import { signInViaApi } from '../support/api';

test.describe('node page', () => {
  test('shows the MCP URL, the header and copyable client configs', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInViaApi(page);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Node' }).click();
    await expect(page.getByRole('heading', { name: 'Node', level: 1 })).toBeVisible();

    await expect(page.getByTestId('mcp-url')).toHaveText(`${baseURL}/mcp`);
    await expect(page.getByTestId('mcp-header')).toHaveText('Authorization: Bearer <your key>');

    const copyHttp = page.getByRole('button', { name: 'Copy HTTP client config' });
    await copyHttp.click();
    await expect(copyHttp).toHaveText('Copied');
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied).toEqual({ mcpServers: { stigmem: { type: 'http', url: `${baseURL}/mcp`, headers: { Authorization: 'Bearer <your key>' } } } });

    await page.getByRole('button', { name: 'Copy stdio adapter config' }).click();
    const stdio = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(stdio.mcpServers.stigmem).toMatchObject({ command: 'npx', args: ['stigmem-health-mcp'], env: { STIGMEM_URL: baseURL } });

    const tools = page.getByTestId('mcp-tool');
    for (const name of ['lint_scope', 'decay_scope', 'synthesize_scope', 'resolve_contradiction']) {
      await expect(tools.filter({ has: page.getByRole('heading', { name, exact: true }) })).toHaveCount(1);
    }
    await expect(page.getByTestId('node-info')).toContainText('API key required');
  });

  test('admins see the read replicas and the database maintenance table, and can run maintenance on every table', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/node');
    const panel = page.getByTestId('maintenance');
    await expect(panel.getByRole('heading', { name: 'Database maintenance' })).toBeVisible();
    for (const table of ['facts', 'value_heads', 'conflicts']) await expect(panel.locator(`[data-table="${table}"]`)).toHaveCount(1);
    // The embedded database has no replicas: the panel says every read runs on the primary, and how to add one.
    await expect(page.getByTestId('replicas-none')).toContainText('DATABASE_READ_URL');
    await panel.getByRole('button', { name: 'Run on every table now' }).click();
    await expect(page.getByTestId('maintenance-run-result')).toContainText(/Done in [\d.]+ s/);
    // The page reloads its table: every table was analyzed moments ago, so none reads "never".
    await expect(panel.locator('[data-table="facts"]')).not.toContainText('never');
  });

  test('the maintenance table sorts in the browser: by name, then by size', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/node');
    const table = page.getByTestId('maintenance-table');
    const names = () => table.getByTestId('maintenance-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-table') ?? ''));
    const byName = await names();
    expect(byName.length).toBeGreaterThan(3);
    expect(byName).toEqual([...byName].sort());
    await expect(table.getByRole('columnheader', { name: /^Table/ })).toHaveAttribute('aria-sort', 'ascending');

    await table.getByRole('button', { name: /^Table/ }).click();
    await expect(table.getByRole('columnheader', { name: /^Table/ })).toHaveAttribute('aria-sort', 'descending');
    expect(await names()).toEqual([...byName].reverse());

    await table.getByRole('button', { name: /^Size/ }).click();
    await expect(table.getByRole('columnheader', { name: /^Size/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByRole('columnheader', { name: /^Table/ })).toHaveAttribute('aria-sort', 'none');
    const sizes = await table.getByTestId('maintenance-row').evaluateAll((rows) => rows.map((row) => row.children[4].textContent ?? ''));
    const inBytes = sizes.map((text) => {
      const [amount, unit] = text.trim().split(' ');
      return Number(amount) * (unit === 'MB' ? 1024 * 1024 : 1024);
    });
    expect(inBytes.every((size, i) => i === 0 || size >= inBytes[i - 1]), sizes.join(', ')).toBe(true);
  });
});
