import path from 'node:path';
import { expect, type Page } from '@playwright/test';

// The photo tours (e2e/screenshots/): not checks, pages for a person to look at. They run only in
// the `screenshots` project, which playwright.config.ts defines when E2E_SHOTS_DIR is set.

export const shotsDir = process.env.E2E_SHOTS_DIR;

export const SHOTS_SKIP_REASON = 'set E2E_SHOTS_DIR to take page screenshots';

/** <shotsDir>/<name>.png once the page has loaded (no skeleton left); the whole page unless `fullPage` is false. */
export async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
  await page.screenshot({ path: path.join(shotsDir!, `${name}.png`), fullPage, animations: 'disabled' });
}

/** The viewport only (a dialog over the page), as it is now. */
export async function shootViewport(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(shotsDir!, `${name}.png`), animations: 'disabled' });
}
