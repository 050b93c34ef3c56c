import { expect, test } from '@playwright/test';
import { createKey, signInViaApi, uniqueSuffix } from '../support/api';
import { csvRecords } from '../support/csv';
import { E2E_ADMIN_ENTITY } from '../support/e2e-env';

// The audit page: an admin finds what was done (here: a key created on the keys page), filters the
// log, and downloads it; a key without admin gets neither the link nor the log.

test.describe('audit log page', () => {
  test('an admin finds a key it created, filters by action and outcome, and downloads the entries', async ({ page }) => {
    const suffix = uniqueSuffix();
    await signInViaApi(page);
    await page.goto('/keys');
    await page.getByLabel('Entity URI').fill(`e2e:audited:${suffix}`);
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByTestId('new-key-secret')).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    const table = page.getByTestId('audit-table');
    const created = table.getByRole('row').filter({ hasText: 'key.create' }).first();
    await expect(created).toContainText(E2E_ADMIN_ENTITY);
    await expect(created).toContainText('success');
    await expect(created).toContainText('POST /v1/auth/keys');

    await page.getByLabel('Action').selectOption('session');
    await page.getByLabel('Outcome').selectOption('success');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/\/audit\?.*action=session&outcome=success/);
    await expect(table.getByRole('row').filter({ hasText: 'session.sign_in' }).first()).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'key.create' })).toHaveCount(0);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download these entries as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^stigmem-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const { readFileSync } = await import('node:fs');
    const rows = csvRecords(readFileSync((await file.path())!, 'utf8'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.action.startsWith('session.') && row.outcome === 'success')).toBe(true);
  });

  test('a key without admin has no audit link, and the page says what it needs', async ({ page, request }) => {
    const reader = await createKey(request, { entity_uri: `e2e:audit-reader:${uniqueSuffix()}`, permissions: ['read', 'write'], allowed_scopes: ['local'] });
    await signInViaApi(page, reader.key);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Keys' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' })).toHaveCount(0);
    await page.goto('/audit');
    await expect(page.getByTestId('audit-needs-admin')).toContainText('needs the admin permission');
    await expect(page.getByTestId('audit-table')).toHaveCount(0);
  });
});
