import { expect, test } from '@playwright/test';
import { signInViaApi, uniqueSuffix } from '../support/api';

test.describe('keys admin', () => {
  test('creates a key, shows it once, lists it, revokes it', async ({ page, request }) => {
    const entity = `e2e:key:${uniqueSuffix()}`;
    await signInViaApi(page);
    await page.goto('/keys');

    await page.getByLabel('Entity URI').fill(entity);
    await page.getByRole('checkbox', { name: /^write/ }).check();
    await page.getByRole('checkbox', { name: 'team' }).check();
    await page.getByLabel(/^Description/).fill('created by the e2e suite');
    await page.getByRole('button', { name: 'Create key' }).click();

    const secret = page.getByTestId('new-key-secret');
    await expect(secret).toHaveValue(/^sk_[0-9a-f]{64}$/);
    const key = await secret.inputValue();
    await page.getByRole('button', { name: 'Copy key' }).click();

    const row = page.locator(`[data-testid="key-row"][data-entity="${entity}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText('write');
    await expect(row).toContainText('team');
    await expect(row).toContainText('created by the e2e suite');

    // The shown key works until it is revoked.
    expect((await request.get('/v1/facts?scope=team', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200);

    await row.getByRole('button', { name: /^Revoke key/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();

    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    expect((await request.get('/v1/facts?scope=team', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
  });

  test('cancelling the confirmation keeps the key', async ({ page }) => {
    const entity = `e2e:key:${uniqueSuffix()}`;
    await signInViaApi(page);
    await page.goto('/keys');
    await page.getByLabel('Entity URI').fill(entity);
    await page.getByRole('button', { name: 'Create key' }).click();
    const row = page.locator(`[data-testid="key-row"][data-entity="${entity}"]`);
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: /^Revoke key/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(row).toBeVisible();
  });

  test('shows the API detail when creating a key fails', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/keys');
    await page.getByLabel('Entity URI').fill('   ');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByTestId('create-key-error')).toContainText('entity_uri: must not be empty');
  });
});
