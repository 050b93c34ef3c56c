import { expect, test } from '@playwright/test';
import { adminHeaders, assertFact, signInViaApi, uniqueSuffix } from '../support/api';

test.describe('entity history', () => {
  test('an asserted fact shows on its entity page with live, superseded, retracted and expired marks', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const entity = `e2e:entity:${suffix}`;
    const firstRed = await assertFact(request, { entity, relation: 'color', value: { type: 'string', v: 'red' } });
    const secondRed = await assertFact(request, { entity, relation: 'color', value: { type: 'string', v: 'red' }, confidence: 0.9 });
    const size = await assertFact(request, { entity, relation: 'size', value: { type: 'number', v: 10 } });
    const retraction = await assertFact(request, { entity, relation: 'size', value: { type: 'number', v: 10 }, confidence: 0 });
    const expired = await assertFact(request, { entity, relation: 'promo', value: { type: 'string', v: 'spring sale' }, valid_until: '2020-01-01T00:00:00Z' });
    const longText = `${'A very long note that keeps going. '.repeat(20)}${'x'.repeat(300)}`;
    const note = await assertFact(request, { entity, relation: 'note', value: { type: 'text', v: longText } });

    await signInViaApi(page);
    await page.goto('/entities');
    await page.getByRole('searchbox', { name: 'Search entities' }).fill(suffix);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: entity }).click();

    await expect(page).toHaveURL(new RegExp(`/entities/${encodeURIComponent(entity)}$`));
    await expect(page.getByTestId('entity-uri')).toHaveText(entity);
    const status = (id: string) => page.getByTestId(`fact-row-${id}`).getByTestId('fact-status');
    await expect(status(secondRed.id)).toHaveText('live');
    await expect(status(firstRed.id)).toHaveText('superseded');
    await expect(status(size.id)).toHaveText('superseded');
    await expect(status(retraction.id)).toHaveText('retracted');
    await expect(status(expired.id)).toHaveText('expired');
    await expect(status(note.id)).toHaveText('live');

    // Newest HLC first.
    const rows = page.getByTestId('fact-history').locator('tbody tr');
    await expect(rows).toHaveCount(6);
    await expect(rows.first()).toHaveAttribute('data-testid', `fact-row-${note.id}`);
    await expect(rows.last()).toHaveAttribute('data-testid', `fact-row-${firstRed.id}`);

    // A long value is cut to a preview and expands in place.
    const noteValue = page.getByTestId(`fact-row-${note.id}`).getByTestId('fact-value');
    await noteValue.getByText(/show all .* characters/).click();
    await expect(noteValue.getByText('x'.repeat(300), { exact: false })).toBeVisible();

    // Filter by relation.
    await page.getByRole('navigation', { name: 'Filter by relation' }).getByRole('link', { name: /^color/ }).click();
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('navigation', { name: 'Filter by relation' }).getByRole('link', { name: /^color/ })).toHaveAttribute('aria-current', 'page');
  });

  test('an entity without facts shows the empty state', async ({ page }) => {
    await signInViaApi(page);
    await page.goto(`/entities/${encodeURIComponent(`e2e:nothing:${uniqueSuffix()}`)}`);
    await expect(page.getByTestId('empty-state')).toContainText('No facts for this entity');
  });

  test('pages through a history longer than one page', async ({ page, request }) => {
    const entity = `e2e:long-history:${uniqueSuffix()}`;
    const facts = Array.from({ length: 130 }, (_, i) => ({ entity, relation: 'step', value: { type: 'number', v: i }, source: 'e2e:playwright', scope: 'local' }));
    const response = await request.post('/v1/facts', { headers: adminHeaders, data: { facts } });
    expect(response.status()).toBe(201);

    await signInViaApi(page);
    await page.goto(`/entities/${encodeURIComponent(entity)}`);
    const rows = page.getByTestId('fact-history').locator('tbody tr');
    await expect(rows).toHaveCount(100);
    await expect(rows.first().getByTestId('fact-value')).toContainText('129');

    await page.getByRole('link', { name: 'Next page →' }).click();
    await expect(rows).toHaveCount(30);
    await expect(rows.last().getByTestId('fact-value')).toContainText('0');
    await expect(page.getByText('End of list')).toBeVisible();
    await page.getByRole('link', { name: '← First page' }).click();
    await expect(rows).toHaveCount(100);
  });
});
