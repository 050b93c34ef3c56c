import { expect, test } from '@playwright/test';
import { createKey, signInViaApi, uniqueSuffix } from '../support/api';
import { E2E_ADMIN_ENTITY, E2E_ADMIN_KEY } from '../support/e2e-env';

test.describe('sign-in', () => {
  test('signs in with the admin key and returns to the page it came from', async ({ page }) => {
    await page.goto('/entities');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fentities$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    await page.getByLabel('API key').fill(E2E_ADMIN_KEY);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/entities$/);
    await expect(page.getByRole('heading', { name: 'Entities', level: 1 })).toBeVisible();
    await expect(page.getByTestId('signed-in-entity')).toHaveText(E2E_ADMIN_ENTITY);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Entities' })).toHaveAttribute('aria-current', 'page');
  });

  test('shows the error for a bad key', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('API key').fill('sk_this-key-does-not-exist-on-this-node');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByTestId('sign-in-error')).toContainText('unknown, revoked or expired API key');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('signs out and protected pages ask to sign in again', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Health', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    await page.goto('/keys');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fkeys$/);
  });

  test('a key without admin sees that the keys page needs admin', async ({ page, request }) => {
    const reader = await createKey(request, { entity_uri: `e2e:reader:${uniqueSuffix()}`, permissions: ['read'], allowed_scopes: ['local'] });
    await signInViaApi(page, reader.key);
    await page.goto('/keys');

    await expect(page.getByTestId('needs-admin')).toContainText('needs the admin permission');
    await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0);
    await expect(page.getByTestId('signed-in-entity')).toHaveText(reader.entity_uri);
  });

  test.describe('before the page hydrates', () => {
    test.use({ javaScriptEnabled: false });
    test('the button says "Loading…" and cannot be pressed, so an early press is not silently lost', async ({ page }) => {
      await page.goto('/sign-in');
      await expect(page.getByRole('button', { name: 'Loading…' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    });
  });
});
