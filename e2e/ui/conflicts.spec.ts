import { expect, test } from '@playwright/test';
import { adminHeaders, createConflict, createKey, signInViaApi, uniqueSuffix } from '../support/api';

test.describe('conflicts', () => {
  test('lists an unresolved contradiction and resolves it by keeping one value', async ({ page }) => {
    const entity = `e2e:conflict:${uniqueSuffix()}`;
    await createConflict(page.request, entity, 'alice', 'bob');
    await signInViaApi(page);

    await page.goto('/conflicts');
    await page.getByRole('link', { name: `Review the contradiction on ${entity} owner in local` }).click();
    await expect(page).toHaveURL(/\/conflicts\/stigmem%3Acontradiction%3A/);
    // Equal confidence: the newer value is the stronger, value 1.
    const values = page.getByTestId('contradiction-value');
    await expect(values).toHaveCount(2);
    await expect(values.nth(0)).toContainText('bob');
    await expect(values.nth(1)).toContainText('alice');
    await expect(page.getByTestId('conflict-status')).toHaveText('unresolved');

    await page.getByRole('radio', { name: /Keep value 2/ }).check();
    await page.getByLabel('Note').fill('alice owns it since the reorg');
    await page.getByRole('button', { name: 'Resolve contradiction' }).click();

    await expect(page.getByTestId('conflict-outcome')).toContainText('Contradiction resolved');
    await expect(page.getByTestId('conflict-status')).toHaveText('resolved');
    const decision = page.getByTestId('conflict-decision');
    await expect(decision).toContainText('alice owns it since the reorg');
    await expect(decision).toContainText('stigmem://local/admin');
    await expect(page.getByTestId('contradiction-value').filter({ hasText: 'alice' })).toContainText('kept');
  });

  test('a contradiction decided elsewhere meanwhile shows the recorded decision (409)', async ({ page, request }) => {
    const entity = `e2e:conflict:${uniqueSuffix()}`;
    const { conflictId, factB } = await createConflict(request, entity, 'red', 'blue');
    await signInViaApi(page);
    await page.goto(`/conflicts/${encodeURIComponent(conflictId)}`);
    await page.getByRole('radio', { name: /Dismiss/ }).check();

    const elsewhere = await request.post(`/v1/conflicts/${encodeURIComponent(conflictId)}/resolve`, {
      headers: adminHeaders,
      data: { winning_fact_id: factB.id, resolution_note: 'decided by a script' },
    });
    expect(elsewhere.status()).toBe(200);

    await page.getByRole('button', { name: 'Dismiss contradiction' }).click();
    await expect(page.getByTestId('conflict-outcome')).toContainText('Already decided');
    await expect(page.getByTestId('conflict-decision')).toContainText('decided by a script');
    await expect(page.getByTestId('contradiction-value').filter({ hasText: 'blue' })).toContainText('kept');
  });

  test('shows the empty state when a status has no contradictions', async ({ page, request }) => {
    // A key that reads only "public", where this suite writes nothing.
    const reader = await createKey(request, { entity_uri: `e2e:empty:${uniqueSuffix()}`, permissions: ['read'], allowed_scopes: ['public'] });
    await signInViaApi(page, reader.key);
    await page.goto('/conflicts');
    await expect(page.getByTestId('empty-state')).toContainText('All clear');
  });

  test('an unknown conflict id shows not found', async ({ page }) => {
    await signInViaApi(page);
    await page.goto(`/conflicts/${encodeURIComponent(`stigmem:conflict:${uniqueSuffix()}`)}`);
    await expect(page.getByTestId('not-found')).toContainText('Not found');
  });
});
