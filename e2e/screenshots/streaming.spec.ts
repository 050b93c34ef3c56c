import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createConflict, signInViaApi, uniqueSuffix } from '../support/api';
import { createBrokenRef, createStaleFinding } from '../support/lint-data';

// Not a check: the streamed pages (overview, scope page, conflict queue) for a person to look at, in
// both themes, complete, empty, and in their loading state. The loading state is what the shell
// shows before the sections arrive; to hold it still, the page's scripts are not loaded and the
// inline scripts that swap the sections in are dropped, so their skeletons stay on screen.
// Runs only with E2E_SHOTS_DIR set.

const shotsDir = process.env.E2E_SHOTS_DIR;

/** Section fallbacks (the route's own loading page and the alert badge are let through). */
const SECTION_FALLBACKS = ['Loading the health of scope', 'Loading the findings', 'Loading the conflicts'];

/** The HTML with the swap-in scripts of the section boundaries removed, so their fallbacks stay. */
function withoutSectionReveals(html: string): string {
  let out = html;
  for (const m of html.matchAll(/<!--\$\?--><template id="(B:\d+)"><\/template>/g)) {
    const fallback = html.slice(m.index, html.indexOf('<!--/$-->', m.index)).replaceAll('<!-- -->', '');
    if (SECTION_FALLBACKS.some((text) => fallback.includes(text))) out = out.replace(new RegExp(`\\$RC\\("${m[1]}","S:\\d+"\\)`), 'void 0');
  }
  return out;
}

async function holdLoadingState(page: Page): Promise<void> {
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  await page.route(
    (url) => !url.pathname.startsWith('/_next/') && !url.pathname.startsWith('/api/'),
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: withoutSectionReveals(await response.text()) });
    },
  );
}

test.describe('streamed pages screenshots', () => {
  test.skip(!shotsDir, 'set E2E_SHOTS_DIR to take page screenshots');

  test('overview, scope page and queue: loaded, empty, loading; light and dark', async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const suffix = uniqueSuffix();
    const entity = `e2e:shots-stream:${suffix}`;
    await createConflict(request, entity, 'alice', 'bob');
    await createStaleFinding(request, `${entity}:stale`);
    await createBrokenRef(request, `${entity}:ref`, `e2e:missing:${suffix}`);
    const pages: [string, string][] = [
      ['overview', '/'],
      ['scope', `/scopes/local?q=${encodeURIComponent(suffix)}`],
      ['scope-no-match', `/scopes/local?q=${encodeURIComponent(`${suffix}-nothing`)}`],
      ['queue', `/conflicts?entity=${encodeURIComponent(entity)}`],
      ['queue-empty', `/conflicts?entity=${encodeURIComponent(`${entity}:none`)}`],
    ];
    await signInViaApi(page);
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((t) => localStorage.setItem('stigmem-theme', t), theme);
      for (const [name, url] of pages) {
        await page.goto(url);
        await expect(page.getByTestId('page-loading')).toHaveCount(0);
        await page.screenshot({ path: path.join(shotsDir!, `stream-${theme}-${name}.png`), fullPage: true, animations: 'disabled' });
      }
      // The loading state, in a context of its own (same session cookie, no scripts but the inline ones).
      const context = await browser.newContext({ storageState: await page.context().storageState(), colorScheme: theme === 'dark' ? 'dark' : 'light' });
      const loading = await context.newPage();
      await loading.addInitScript((t) => localStorage.setItem('stigmem-theme', t), theme);
      await holdLoadingState(loading);
      for (const [name, url] of pages.filter(([n]) => !n.includes('empty') && !n.includes('no-match'))) {
        await loading.goto(url);
        // The route's own loading page carries the same test id: wait for a section's skeleton (or,
        // for a scope above the async threshold, the lint job's progress the page shows meanwhile).
        const skeleton = loading.getByTestId('page-loading').filter({ hasText: /Loading the (health|findings|conflicts)/ });
        await expect(skeleton.or(loading.getByTestId('lint-job')).first()).toBeVisible();
        await loading.screenshot({ path: path.join(shotsDir!, `stream-${theme}-${name}-loading.png`), fullPage: true, animations: 'disabled' });
      }
      await context.close();
    }
  });
});
