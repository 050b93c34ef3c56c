import { expect, test } from '@playwright/test';
import { adminHeaders, signInViaApi, uniqueSuffix } from '../support/api';
import { DAY_MS, hlcAt } from '../support/decay-data';
import { createOneOfEachFinding } from '../support/lint-data';

// Times people read and findings that read at a glance (issue 17).

test.describe('readable pages', () => {
  test('a timestamp reads as a relative time with the exact UTC instant and the HLC on hover', async ({ page, request }) => {
    const entity = `e2e:times:${uniqueSuffix()}`;
    const at = Date.now() - 3 * DAY_MS - 60_000;
    const hlc = hlcAt(at);
    const timestamp = new Date(at).toISOString();
    const response = await request.post('/v1/facts/import', {
      headers: adminHeaders,
      data: { facts: [{ entity, relation: 'memory:role', value: { type: 'string', v: 'CTO' }, source: 'e2e:playwright', scope: 'local', timestamp, hlc }] },
    });
    expect(response.status(), await response.text()).toBe(201);

    await signInViaApi(page);
    await page.goto(`/entities/${encodeURIComponent(entity)}`);
    const time = page.getByTestId('fact-history').getByTestId('datetime');
    await expect(time).toHaveCount(1);
    await expect(time).toHaveAttribute('datetime', timestamp);
    const exact = `${timestamp.slice(0, 19).replace('T', ' ')} UTC · HLC ${hlc}`;
    await expect(time).toHaveAttribute('title', exact);
    // What a sighted reader sees, and what a screen reader hears on top of it.
    await expect(time.locator('span').first()).toHaveText('3 days ago');
    await expect(time).toContainText(exact);
    await expect(page.getByTestId('fact-history')).not.toContainText(hlc.replace(/^0+/, '').slice(0, 10) + '.');
  });

  test('findings show both values of a contradiction, when a value expired, and the missing target', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const entity = `e2e:glance:${suffix}`;
    await createOneOfEachFinding(request, entity, suffix);
    await signInViaApi(page);
    await page.goto(`/scopes/local?q=${encodeURIComponent(suffix)}`);

    const contradiction = page.locator('[data-testid="finding-row"][data-check="contradiction"]');
    await expect(contradiction).toHaveCount(1);
    const sides = contradiction.getByTestId('finding-side');
    await expect(sides).toHaveCount(2);
    // Strongest first (§3.3's order): at equal confidence, the newer value.
    await expect(sides.nth(0).getByTestId('finding-side-value')).toHaveText('bob');
    await expect(sides.nth(1).getByTestId('finding-side-value')).toHaveText('alice');
    await expect(sides.nth(0)).toContainText('conf 1.00');
    await expect(sides.nth(0)).toContainText('e2e:playwright');
    await expect(sides.nth(0).getByTestId('datetime')).toHaveText(/just now|minutes? ago/);
    // The lint's sentence is still there, one click away.
    await contradiction.getByText('Detail', { exact: true }).click();
    await expect(contradiction).toContainText(/contradict/i);

    const stale = page.locator('[data-testid="finding-row"][data-check="stale"]');
    await expect(stale.getByTestId('finding-expiry')).toHaveText(/^Expired \d+ years ago/);
    await expect(stale.getByTestId('finding-expiry').getByTestId('datetime')).toHaveAttribute('datetime', '2020-01-01T00:00:00Z'); // the one wire form of an instant (docs/api.md)

    const broken = page.locator('[data-testid="finding-row"][data-check="broken_ref"]');
    await expect(broken.getByTestId('finding-missing-target')).toHaveText(`Missing target e2e:missing:${suffix}`);
  });
});
