import { expect, type Page, test } from '@playwright/test';
import { signInViaApi } from '../support/api';

// Dark mode (issue 17): follows the operating system until the person picks, remembers the pick
// in this browser, and is on <html> before any of the app's JavaScript runs.

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('theme', () => {
  test('follows the operating system, then the toggle, and remembers the choice', async ({ page }) => {
    await signInViaApi(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const toggle = page.getByTestId('theme-toggle');
    await expect(toggle.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');
    expect(await isDark(page)).toBe(false);
    const lightBackground = await bodyBackground(page);

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await bodyBackground(page)).not.toBe(lightBackground);

    await toggle.getByRole('button', { name: 'Light' }).click();
    await expect(toggle.getByRole('button', { name: 'Light' })).toHaveAttribute('aria-pressed', 'true');
    expect(await isDark(page)).toBe(false);
    await page.goto('/conflicts');
    expect(await isDark(page)).toBe(false);
    await expect(page.getByTestId('theme-toggle').getByRole('button', { name: 'Light' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByTestId('theme-toggle').getByRole('button', { name: 'Dark' }).click();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('stigmem-theme'))).toBe('dark');
  });

  test('the stored choice applies before the app loads (no flash of the other theme)', async ({ page }) => {
    await signInViaApi(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => localStorage.setItem('stigmem-theme', 'dark'));
    // Without the app's JavaScript only the inline boot script can set the theme.
    await page.route('**/_next/static/**/*.js', (route) => route.abort());
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  });
});
