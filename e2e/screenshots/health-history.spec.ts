import { test } from '@playwright/test';
import { adminHeaders, signInViaApi, uniqueSuffix } from '../support/api';
import { createReviewConflict } from '../support/review-data';
import { shoot, SHOTS_SKIP_REASON, shotsDir } from '../support/screenshots';

// Not a check: photographs of the health-history pages (empty, one run, several runs, a run opened,
// alerts with a webhook destination) for a person to look at. Runs only with E2E_SHOTS_DIR set.

test.describe('health history screenshots', () => {
  test.skip(!shotsDir, SHOTS_SKIP_REASON);

  test('history, run, alerts', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    await signInViaApi(page);
    await page.goto('/health-history/company');
    await shoot(page, 'hh-01-empty');
    const run = async (scope: string) => (await request.post('/v1/health/runs', { headers: adminHeaders, data: { scope } })).json();
    await run('company');
    await page.goto('/health-history/company');
    await shoot(page, 'hh-02-one-run');
    const first = await run('local');
    await request.post('/v1/alerts/rules', { headers: adminHeaders, data: { name: 'Any new contradiction in local', kind: 'pending_above', scope: 'local', threshold: first.pending_conflicts } });
    await request.post('/v1/webhooks', { headers: adminHeaders, data: { url: 'http://127.0.0.1:9/dead-receiver', secret: 'a-long-enough-secret-123' } });
    for (let i = 0; i < 3; i++) {
      await createReviewConflict(request, { entity: `e2e:shots:hh:${suffix}:${i}:${'long-segment-'.repeat(i * 4)}`, relation: 'e2e:owner', a: { value: 'alice', confidence: 0.9 }, b: { value: 'bob', confidence: 0.5 } });
      await run('local');
    }
    const latest = await run('local');
    await page.goto('/');
    await shoot(page, 'hh-03-health-cards');
    await page.goto(`/health-history/local?range=7d&run=${latest.id}`);
    await shoot(page, 'hh-04-history-with-run');
    await page.goto('/alerts');
    await shoot(page, 'hh-05-alerts');
    await page.getByText('Delivery log').first().click();
    await page.waitForTimeout(500);
    await shoot(page, 'hh-06-alerts-delivery-log');
  });
});
