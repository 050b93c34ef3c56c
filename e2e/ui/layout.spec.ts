import { expect, type Page, test } from '@playwright/test';
import { adminHeaders, assertFact, signInViaApi, uniqueSuffix } from '../support/api';
import { createBrokenRef, createOneOfEachFinding, createStaleFinding } from '../support/lint-data';
import { dashboardPages } from '../support/dashboard-pages';

// Readable at any width (issue 31): no dashboard page scrolls sideways at 320, 390, 768, 1440 or
// 1920 px; the header is one row at every width (a Menu panel below 1280 px); on a phone the
// findings table is a list of cards whose actions are on screen, not a box that scrolls.

const WIDTHS = [320, 390, 768, 1440, 1920];

/** How far the page is wider than the window (0 when it does not scroll sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe('layout at any width', () => {
  let suffix = '';
  let entity = '';
  let pages: string[] = [];

  test.beforeAll(async ({ request }) => {
    suffix = uniqueSuffix();
    entity = `e2e:layout:${suffix}:a-rather-long-entity-name/with/segments`;
    const { conflictId } = await createOneOfEachFinding(request, entity, suffix);
    await createStaleFinding(request, `${entity}:second`);
    await createBrokenRef(request, `${entity}:ref2`, `e2e:missing:${suffix}:two`);
    await assertFact(request, { entity: `${entity}:pref`, relation: 'preference:editor', value: { type: 'string', v: 'a value long enough to need wrapping on a phone screen' } });
    expect((await request.post('/v1/synthesis/snapshots', { headers: adminHeaders, data: { scope: 'local', label: `layout ${suffix}` } })).status()).toBe(201);
    pages = dashboardPages({ suffix, entity, conflictId });
  });

  for (const width of WIDTHS) {
    test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/sign-in');
      const wide: string[] = [];
      if ((await sidewaysOverflow(page)) > 0) wide.push(`/sign-in: ${await sidewaysOverflow(page)} px too wide`);
      await signInViaApi(page);
      for (const path of pages) {
        await page.goto(path);
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) wide.push(`${path}: ${overflow} px too wide`);
      }
      expect(wide, wide.join('\n')).toEqual([]);
    });
  }

  for (const width of [1280, 1440, 1920]) {
    test(`the header is one row at ${width} px, with every section in the bar`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInViaApi(page);
      await page.goto('/keys');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav).toBeVisible();
      await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
      const tops = await nav.getByRole('link').evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThanOrEqual(8);
      expect(new Set(tops).size, `link tops ${tops.join(', ')}`).toBe(1);
      expect((await page.locator('header').boundingBox())!.height).toBeLessThanOrEqual(64);
    });
  }

  test('on a phone the header is one short row and the sections open from Menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInViaApi(page);
    await page.goto('/keys');
    expect((await page.locator('header').boundingBox())!.height).toBeLessThanOrEqual(64);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Keys' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('group', { name: 'Colour theme' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await nav.getByRole('link', { name: 'Sources' }).click();
    await expect(page).toHaveURL(/\/sources/);
    await expect(nav).toBeHidden();
  });

  test('on a phone the findings are cards: every action is on screen and the page, not a box, scrolls', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInViaApi(page);
    await page.goto(`/scopes/local?q=${encodeURIComponent(suffix)}`);
    const rows = page.getByTestId('finding-row');
    await expect(rows.first()).toBeVisible();
    const region = page.getByRole('region', { name: 'Lint findings in local' });
    expect(await region.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    for (const name of [/^Resolve conflict/, /^Preview retraction/, /^Assert the missing target/, /^Move to a prefixed relation/]) {
      const action = page.getByRole(name.source.includes('Resolve') ? 'link' : 'button', { name }).first();
      await action.scrollIntoViewIfNeeded();
      const box = (await action.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // Each card says which column a value belongs to.
    await expect(rows.first().locator('td[data-label="Severity"]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test('identifiers wrap at their separators, never inside a word', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInViaApi(page);
    await page.goto(`/entities/${encodeURIComponent(`${entity}:pref`)}`);
    const uri = page.getByTestId('entity-uri');
    await expect(uri).toHaveText(`${entity}:pref`);
    expect(await uri.evaluate((el) => getComputedStyle(el).overflowWrap)).toBe('break-word');
    // Each line of the wrapped URI ends at a separator: no line break falls inside a word.
    const lineEnds = await uri.evaluate((el) => {
      const text = el.textContent ?? '';
      const range = document.createRange();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const ends: string[] = [];
      let lastTop: number | null = null;
      let previous = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          if (lastTop !== null && top > lastTop) ends.push(previous);
          lastTop = top;
          previous = (node.textContent ?? '')[i];
        }
      }
      return { ends, text };
    });
    expect(lineEnds.ends.length, 'the URI should wrap at 390 px').toBeGreaterThan(0);
    for (const end of lineEnds.ends) expect(':/.-_').toContain(end);
  });
});
