import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { assertFact, createConflict, createKey, signInViaApi, uniqueSuffix } from '../support/api';

// Not a check: a tour that photographs every page (filled and empty) for a person to look at.
// Runs only with E2E_SHOTS_DIR set: `E2E_SHOTS_DIR=/tmp/shots npx playwright test --project screenshots`.

const shotsDir = process.env.E2E_SHOTS_DIR;

test.describe('page screenshots', () => {
  test.skip(!shotsDir, 'set E2E_SHOTS_DIR to take page screenshots');

  const shoot = async (page: Page, name: string) => {
    await expect(page.getByTestId('page-loading')).toHaveCount(0);
    await page.screenshot({ path: path.join(shotsDir!, `${name}.png`), fullPage: true });
  };

  test('every page, filled and empty', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const entity = `e2e:shots:${suffix}`;
    await assertFact(request, { entity, relation: 'color', value: { type: 'string', v: 'red' } });
    await assertFact(request, { entity, relation: 'color', value: { type: 'string', v: 'red' }, confidence: 0.8 });
    await assertFact(request, { entity, relation: 'size', value: { type: 'number', v: 42 } });
    await assertFact(request, { entity, relation: 'size', value: { type: 'number', v: 42 }, confidence: 0 });
    await assertFact(request, { entity, relation: 'promo', value: { type: 'string', v: 'spring sale' }, valid_until: '2020-01-01T00:00:00Z' });
    await assertFact(request, { entity, relation: 'homepage', value: { type: 'string', v: `https://example.com/${'very-long-path-segment-'.repeat(12)}` } });
    await assertFact(request, { entity, relation: 'note', value: { type: 'text', v: `${'A long note about the project and its history. '.repeat(30)}` } });
    await assertFact(request, { entity, relation: 'token', value: { type: 'string', v: 'x'.repeat(400) } });
    const { conflictId } = await createConflict(request, `${entity}:team`, 'alice', 'bob');
    const emptyKey = await createKey(request, { entity_uri: `e2e:viewer:${suffix}`, permissions: ['read'], allowed_scopes: ['public'] });

    await page.goto('/sign-in');
    await shoot(page, '01-sign-in');
    await page.getByLabel('API key').fill('sk_wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('sign-in-error')).toBeVisible();
    await shoot(page, '02-sign-in-error');

    await signInViaApi(page);
    await page.goto('/');
    await shoot(page, '03-health');
    await page.goto('/conflicts');
    await shoot(page, '04-conflicts');
    await page.goto(`/conflicts/${encodeURIComponent(conflictId)}`);
    await page.getByRole('radio', { name: /Keep value A/ }).check();
    await shoot(page, '05-conflict');
    await page.getByRole('button', { name: 'Resolve conflict' }).click();
    await expect(page.getByTestId('conflict-decision')).toBeVisible();
    await shoot(page, '06-conflict-resolved');
    await page.goto(`/entities?q=${encodeURIComponent(suffix)}`);
    await shoot(page, '07-entities');
    await page.goto(`/entities/${encodeURIComponent(entity)}`);
    await shoot(page, '08-entity');
    await page.getByText(/show all .* characters/).first().click();
    await shoot(page, '09-entity-expanded');
    await page.goto('/keys');
    await page.getByLabel('Entity URI').fill(`e2e:shots-key:${suffix}`);
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByTestId('new-key-secret')).toBeVisible();
    await shoot(page, '10-keys-created');
    await page.locator(`[data-testid="key-row"][data-entity="e2e:shots-key:${suffix}"]`).getByRole('button', { name: /^Revoke key/ }).click();
    await page.screenshot({ path: path.join(shotsDir!, '11-keys-revoke-dialog.png') });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/decay');
    await shoot(page, '12-decay');
    await page.goto('/synthesis');
    await shoot(page, '13-synthesis');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/entities/${encodeURIComponent(entity)}`);
    await shoot(page, '14-entity-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });

    await signInViaApi(page, emptyKey.key);
    await page.goto('/');
    await shoot(page, '20-empty-health');
    await page.goto('/conflicts');
    await shoot(page, '21-empty-conflicts');
    await page.goto('/entities');
    await shoot(page, '22-empty-entities');
    await page.goto(`/entities/${encodeURIComponent('nobody:here')}`);
    await shoot(page, '23-empty-entity');
    await page.goto('/keys');
    await shoot(page, '24-needs-admin');
  });
});
