import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { assertFact, createConflict, signInViaApi, uniqueSuffix } from '../support/api';
import { createBrokenRef, createStaleFinding } from '../support/lint-data';

// Not a check: every page in the light and the dark theme side by side, for a person to look at
// (issue 17). Runs only with E2E_SHOTS_DIR set.

const shotsDir = process.env.E2E_SHOTS_DIR;

test.describe('theme screenshots', () => {
  test.skip(!shotsDir, 'set E2E_SHOTS_DIR to take page screenshots');

  test('every page in both themes', async ({ page, request }) => {
    test.setTimeout(240_000);
    const suffix = uniqueSuffix();
    const entity = `e2e:themes:${suffix}`;
    const { conflictId } = await createConflict(request, entity, 'alice', 'bob');
    await createStaleFinding(request, `${entity}:stale`);
    await createBrokenRef(request, `${entity}:ref`, `e2e:missing:${suffix}`);
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
    ];
    const shoot = async (p: Page, name: string) => {
      await expect(p.getByTestId('page-loading')).toHaveCount(0);
      await p.screenshot({ path: path.join(shotsDir!, `${name}.png`), fullPage: true, animations: 'disabled' });
    };
    await signInViaApi(page);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('stigmem-theme', t), theme).catch(() => undefined);
      await page.addInitScript((t) => localStorage.setItem('stigmem-theme', t), theme);
      for (const [name, url] of pages) {
        await page.goto(url);
        await shoot(page, `theme-${theme}-${name}`);
      }
    }
  });
});
