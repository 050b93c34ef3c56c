import { test } from '@playwright/test';
import { assertFact, signInViaApi, uniqueSuffix } from '../support/api';
import { createOneOfEachFinding } from '../support/lint-data';
import { shoot, SHOTS_SKIP_REASON, shotsDir } from '../support/screenshots';

// Not a check: every page in the light and the dark theme side by side, for a person to look at
// (issue 17). Runs only with E2E_SHOTS_DIR set.

test.describe('theme screenshots', () => {
  test.skip(!shotsDir, SHOTS_SKIP_REASON);

  test('every page in both themes', async ({ page, request }) => {
    test.setTimeout(240_000);
    const suffix = uniqueSuffix();
    const entity = `e2e:themes:${suffix}`;
    const { conflictId } = await createOneOfEachFinding(request, entity, suffix);
    await assertFact(request, { entity: `${entity}:tier`, relation: 'tier', value: { type: 'string', v: 'gold' }, scope: 'team' });
    await assertFact(request, { entity: `${entity}:tier`, relation: 'tier', value: { type: 'string', v: 'silver' }, scope: 'company' });
    const pages: [string, string][] = [
      ['health', '/'],
      ['scope', `/scopes/local?q=${encodeURIComponent(suffix)}`],
      ['conflicts', '/conflicts'],
      ['conflict', `/conflicts/${encodeURIComponent(conflictId)}`],
      ['review-history', '/conflicts/history'],
      ['divergence', '/conflicts/divergence'],
      ['decay', '/decay'],
      ['synthesis', '/synthesis'],
      ['entity', `/entities/${encodeURIComponent(entity)}`],
      ['health-history', '/health-history/local'],
      ['alerts', '/alerts'],
      ['keys', '/keys'],
      ['node', '/node'],
      ['audit', '/audit'],
      ['quarantine', '/quarantine?status=all'],
      ['sources', '/sources?scope=local&sort=flagged'],
      ['source', `/sources?scope=local&sort=flagged&source=${encodeURIComponent('e2e:playwright')}`],
      ['api-reference', '/api-reference'],
    ];
    await signInViaApi(page);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('stigmem-theme', t), theme).catch(() => undefined);
      await page.addInitScript((t) => localStorage.setItem('stigmem-theme', t), theme);
      for (const [name, url] of pages) {
        await page.goto(url);
        await shoot(page, `theme-${theme}-${name}`);
      }
      // Two operations of the API reference opened: parameters, request body, success answers.
      await page.goto('/api-reference');
      for (const label of ['GET /v1/facts', 'POST /v1/facts']) await page.getByRole('article', { name: label, exact: true }).locator('summary').click();
      await page.getByRole('article', { name: 'POST /v1/facts', exact: true }).getByRole('heading', { name: '201 answer' }).scrollIntoViewIfNeeded();
      await shoot(page, `theme-${theme}-api-reference-open`, false);
    }
  });
});
