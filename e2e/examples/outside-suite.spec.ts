import { expect, type Page, test } from '@playwright/test';

// An outside Playwright suite against a Stigmem Health node, written the way
// docs/testing-the-dashboard.md recommends: only role and label locators, no test ids, no CSS.
//
// Point it at the demo:   npm run demo            (prints the URL and an admin key)
//                         STIGMEM_URL=http://localhost:3000 STIGMEM_KEY=sk_… npx playwright test -c e2e/examples
// Between runs that must start from the seeded state:  npm run demo -- --reset
//
// It resolves one contradiction per run, so it drifts the data, but it checks only what it did
// (the queue's total went down by one), so it also passes on a demo that earlier runs changed.
// In this repository `npm test` runs it against the demo twice, with `npm run demo -- --reset`
// between (scripts/example-suite.mjs).

const KEY = process.env.STIGMEM_KEY ?? '';

/** The queue's total, as the Conflicts page says it: "1–50 of 1,234 contradicted triples, page 1 of 25". */
async function queueTotal(page: Page): Promise<number> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Conflicts' }).click();
  const total = page.getByRole('paragraph').filter({ hasText: /of [\d,]+ contradicted triples?/ });
  await expect(total).toBeVisible();
  return Number((await total.innerText()).match(/of ([\d,]+) contradicted/)![1].replaceAll(',', ''));
}

test('sign in, find a contradiction in team, resolve it: the queue is one shorter', async ({ page }) => {
  test.skip(!KEY, 'set STIGMEM_KEY to a key with write access to team (the demo prints its admin key)');

  // Sign in through the form, as a person would (docs/testing-the-dashboard.md shows the API way).
  await page.goto('/sign-in');
  await page.getByLabel('API key').fill(KEY);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The Menu button folds the sections on narrow windows; on a desktop-sized one they are in the bar.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  const before = await queueTotal(page);
  expect(before).toBeGreaterThan(0);

  // Open scope team and filter its findings to contradictions.
  await page.goto('/scopes/team');
  await expect(page.getByRole('meter', { name: 'Health score of team' })).toBeVisible();
  await page.getByRole('form', { name: 'Filter findings' }).getByLabel('Check').selectOption({ label: 'Contradiction' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/check=contradiction/);

  // Every row's link is named after its row: "Resolve conflict: <relation> on <entity>".
  const findings = page.getByRole('region', { name: 'Lint findings in team' });
  const resolve = findings.getByRole('link', { name: /^Resolve conflict: / }).first();
  const name = (await resolve.getAttribute('aria-label'))!;
  await resolve.click();

  // The contradiction page: keep the first value, say why, resolve.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: /^Keep value 1/ }).check();
  await page.getByLabel('Note').fill('Checked with the account team (example suite)');
  await page.getByRole('button', { name: 'Resolve contradiction' }).click();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();

  // The queue is one shorter, and the finding left the scope's list.
  expect(await queueTotal(page)).toBe(before - 1);
  await page.goto('/scopes/team?check=contradiction');
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
});
