import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminHeaders, signInViaApi, uniqueSuffix } from '../support/api';
import { createReviewConflict } from '../support/review-data';

// Health over time (issue 13): the score sparkline on each card, the scope history page, opening a
// run from it (what was new, with its remediation link), the open-alerts badge and the Alerts page.
// The e2e server runs without the scheduler (STIGMEM_SCHEDULER=off), so the runs here are the test's.

const SCOPE = 'team';

async function runNow(request: APIRequestContext): Promise<{ id: string; pending_conflicts: number }> {
  const response = await request.post('/v1/health/runs', { headers: adminHeaders, data: { scope: SCOPE } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

test.describe('health history and alerts', () => {
  test('sparkline, history page, a run opened from it, the alerts badge and page', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const before = await runNow(request);
    const rule = await request.post('/v1/alerts/rules', {
      headers: adminHeaders,
      data: { name: `E2E contradictions ${suffix}`, kind: 'pending_above', scope: SCOPE, threshold: before.pending_conflicts },
    });
    expect(rule.status()).toBe(201);
    const conflict = await createReviewConflict(request, { entity: `e2e:history:${suffix}`, relation: 'e2e:owner', a: { value: 'alice', confidence: 0.9 }, b: { value: 'bob', confidence: 0.8 }, scope: SCOPE });
    const after = await runNow(request);

    await signInViaApi(page);
    await page.goto('/');
    const card = page.getByTestId(`scope-card-${SCOPE}`);
    await expect(card.getByTestId(`scope-${SCOPE}-sparkline`)).toBeVisible();
    await expect(card.getByTestId(`scope-${SCOPE}-sparkline`)).toHaveAttribute('aria-label', /Score over the last 30 days: \d+ runs/);
    await expect(card.getByTestId(`scope-${SCOPE}-change`)).toBeVisible();
    await expect(page.getByTestId('alerts-badge-count')).toHaveText(/^[1-9]\d*$/);

    await card.getByRole('link', { name: `History of scope ${SCOPE}` }).click();
    await expect(page).toHaveURL(new RegExp(`/health-history/${SCOPE}$`));
    await expect(page.getByTestId('history-chart-score')).toBeVisible();
    await expect(page.getByTestId('history-chart-checks')).toContainText('contradiction');
    await expect(page.getByTestId('runs-table').locator('tbody tr')).not.toHaveCount(0);

    // Clicking a point of the score chart opens a run.
    await page.getByTestId('history-chart-score').locator('.recharts-dot').last().click();
    await expect(page).toHaveURL(/run=/);
    await expect(page.getByTestId('run-detail')).toBeVisible();

    // The latest run from the table: the new contradiction, with its Resolve link.
    await page.goto(`/health-history/${SCOPE}?run=${after.id}`);
    const fresh = page.getByTestId('run-new');
    await expect(fresh).toContainText(conflict.entity);
    await expect(fresh.getByRole('link', { name: 'Resolve' }).first()).toHaveAttribute('href', `/conflicts/${encodeURIComponent(conflict.conflictId)}`);

    await page.getByTestId('alerts-badge').click();
    await expect(page).toHaveURL(/\/alerts/);
    const alert = page.getByTestId('alert-card').filter({ hasText: `E2E contradictions ${suffix}` });
    await expect(alert).toHaveCount(1);
    await expect(alert.getByTestId('alert-status')).toHaveText('open');
    await alert.getByPlaceholder(/Note/).fill('on it from the e2e test');
    await alert.getByTestId('acknowledge').click();
    await expect(alert.getByTestId('alert-status')).toHaveText('acknowledged');
    await expect(alert).toContainText('on it from the e2e test');
    await expect(alert.getByRole('link', { name: 'Open the run' })).toHaveAttribute('href', new RegExp(`run=${after.id}`));
    await expect(alert.getByTestId('alert-level')).toHaveText('warning');
  });

  test('the header counts what the Alerts page counts; mute, unmute and acknowledge a selection', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    await createReviewConflict(request, { entity: `e2e:mute:${suffix}`, relation: 'e2e:owner', a: { value: 'alice', confidence: 0.9 }, b: { value: 'bob', confidence: 0.8 }, scope: SCOPE });
    await runNow(request);
    const rule = await request.post('/v1/alerts/rules', { headers: adminHeaders, data: { name: `E2E muted ${suffix}`, kind: 'pending_above', scope: SCOPE, threshold: 0, level: 'critical' } });
    expect(rule.status()).toBe(201);
    await runNow(request);

    await signInViaApi(page);
    await page.goto('/alerts');
    const openCount = page.getByTestId('alert-open-count');
    const badge = page.getByTestId('alerts-badge');
    const opened = Number(await openCount.textContent());
    expect(opened).toBeGreaterThan(0);
    await expect(badge).toHaveAttribute('aria-label', `${opened} open alert${opened === 1 ? '' : 's'}`);

    const card = page.getByTestId('alert-card').filter({ hasText: `E2E muted ${suffix}` });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('alert-level')).toHaveText('critical');
    await expect(card.getByTestId('alert-group-fired')).toContainText('Fired once');
    await card.getByLabel('Reason').fill('known, fixing it');
    await card.getByTestId('mute').click();
    await expect(card.getByTestId('alert-status')).toHaveText('muted');
    await expect(card.getByTestId('muted-until')).toBeVisible();
    await expect(openCount).toHaveText(String(opened - 1));
    await expect(badge).toHaveAttribute('aria-label', `${opened - 1} open alert${opened - 1 === 1 ? '' : 's'}`);
    await expect(page.getByTestId('rules-table')).toContainText('known, fixing it');

    await card.getByTestId('unmute').click();
    await expect(card.getByTestId('alert-status')).toHaveText('open');
    await expect(openCount).toHaveText(String(opened));

    await card.getByTestId('alert-select').check();
    await expect(page.getByTestId('acknowledge-selected')).toHaveText('Acknowledge selected (1)');
    await page.getByTestId('acknowledge-selected').click();
    await expect(card.getByTestId('alert-status')).toHaveText('acknowledged');
    await expect(openCount).toHaveText(String(opened - 1));
  });

  test('the history page of another scope renders its empty state or its charts', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/health-history/public?range=7d');
    await expect(page.getByTestId('history-empty').or(page.getByTestId('history-chart-score'))).toBeVisible();
  });
});
