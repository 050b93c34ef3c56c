import { expect, test } from '@playwright/test';
import { adminHeaders, signInViaApi, uniqueSuffix } from '../support/api';

// Webhook destinations on the alerts page (admins): add one, and delete it only after confirming.
// The URL points at a closed port: nothing is delivered, and nothing here waits for a delivery.

test.describe('webhooks', () => {
  test('adds a destination; Delete asks first, Cancel keeps it, confirming removes it', async ({ page, request }) => {
    const url = `http://127.0.0.1:9/e2e-hook-${uniqueSuffix()}`;
    await signInViaApi(page);
    await page.goto('/alerts');

    const form = page.getByTestId('add-webhook');
    await form.getByLabel('URL').fill(url);
    await form.getByLabel(/^Signing secret/).fill('a-secret-of-the-e2e-suite');
    await form.getByRole('checkbox', { name: 'team' }).check();
    await form.getByRole('button', { name: 'Add destination' }).click();

    const row = page.getByTestId('webhook-row').filter({ hasText: url });
    await expect(row).toBeVisible();
    await expect(row).toContainText('team');

    await row.getByRole('button', { name: `Delete the webhook to ${url}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await expect(dialog).toContainText(url);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Delete the webhook to ${url}` }).click();
    await dialog.getByRole('button', { name: 'Delete webhook' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    const listed = (await (await request.get('/v1/webhooks', { headers: adminHeaders })).json()) as { webhooks: { url: string }[] };
    expect(listed.webhooks.map((w) => w.url)).not.toContain(url);
  });
});
