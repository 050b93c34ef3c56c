import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createKey, signInViaApi, uniqueSuffix } from '../support/api';
import { E2E_ADMIN_ENTITY, E2E_ADMIN_KEY, E2E_BASE_URL } from '../support/e2e-env';

// What a browser does with the node's pages when another site tries something (docs/decisions.md
// § Browser hardening): every answer carries CSP with frame-ancestors 'none', nosniff and a
// Referrer-Policy, and the pages still run (Next's scripts carry the request's nonce); another
// site's frame stays blank; another site's form cannot sign the browser in (login CSRF); the
// sign-in's ?next= never leaves the site. The "other site" is a small HTTP server of this test on
// 127.0.0.1 — a different site from the node's localhost.

let attacker: Server;
let attackerUrl = '';
/** The page the attacker's server answers, set by each test. */
let attackerPage = '';

test.beforeAll(async () => {
  attacker = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(attackerPage);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

test.describe('browser hardening', () => {
  test('pages and API answers carry CSP, nosniff and Referrer-Policy, and the pages still run', async ({ page, request }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/sign-in');
    const headers = response!.headers();
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    // The sign-in button is enabled only once React hydrated: Next's scripts ran under the policy.
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    // The theme script ran too (it marks <html> with the theme before the first paint).
    await expect(page.locator('html')).toHaveAttribute('data-theme', /^(system|light|dark)$/);
    // Signing in and moving between pages (client navigation) works under it.
    await page.getByLabel('API key').fill(E2E_ADMIN_KEY);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Health', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Keys' }).click();
    await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
    expect(violations).toEqual([]);

    for (const path of ['/v1/facts', '/.well-known/stigmem', '/api/health', '/v1/nothing-here']) {
      const answer = await request.get(path);
      expect(answer.headers()['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      expect(answer.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers()['referrer-policy'], path).toBe('no-referrer');
    }
    // Each page view has its own nonce.
    const nonces = await Promise.all([1, 2].map(async () => (await request.get('/sign-in')).headers()['content-security-policy'].match(/'nonce-([^']+)'/)![1]));
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test('another site’s frame of a signed-in page stays blank', async ({ page }) => {
    await signInViaApi(page);
    attackerPage = `<!doctype html><title>attacker</title>
      <iframe id="victim" name="victim" src="${E2E_BASE_URL}/keys" width="800" height="400"></iframe>
      <iframe id="control" srcdoc="<h1>framed fine</h1>"></iframe>`;
    await page.goto(`${attackerUrl}/frame`);
    // The control frame shows that this page frames content at all.
    await expect(page.frameLocator('#control').getByRole('heading', { name: 'framed fine' })).toBeVisible();
    // The browser refused to render the node in the frame: an error document, nothing of the node
    // (not the keys page, not even the sign-in page a frame without the session cookie would get).
    await expect.poll(() => page.frame({ name: 'victim' })?.url()).toBe('chrome-error://chromewebdata/');
    const victim = page.frameLocator('#victim');
    await expect(victim.getByText('Stigmem Health')).toHaveCount(0);
    await expect(victim.getByRole('heading')).toHaveCount(0);
  });

  test('a cross-site form cannot sign the browser in with another key (login CSRF)', async ({ page, request }) => {
    const intruder = await createKey(request, { entity_uri: `e2e:intruder:${uniqueSuffix()}`, permissions: ['read'], allowed_scopes: [] });
    // The classic forgery: a text/plain form whose body reads as JSON.
    const forms = [
      `<form method="post" action="${E2E_BASE_URL}/api/session" enctype="text/plain"><input name='{"key":"${intruder.key}","x":"' value='"}'></form>`,
      `<form method="post" action="${E2E_BASE_URL}/api/session"><input name="key" value="${intruder.key}"></form>`,
    ];
    for (const form of forms) {
      await signInViaApi(page);
      attackerPage = `<!doctype html><title>attacker</title>${form}<script>document.forms[0].submit()</script>`;
      await page.goto(`${attackerUrl}/login`);
      await expect(page).toHaveURL(`${E2E_BASE_URL}/api/session`);
      await expect(page.locator('body')).toContainText(/origin_mismatch|unsupported_media_type/);
      // The victim is still signed in as themselves.
      await page.goto('/keys');
      await expect(page.getByTestId('signed-in-entity')).toHaveText(E2E_ADMIN_ENTITY);
    }
    // Signed out, the forged sign-in leaves the browser signed out.
    await page.context().clearCookies();
    await page.goto(`${attackerUrl}/login`);
    await expect(page.locator('body')).toContainText(/origin_mismatch|unsupported_media_type/);
    await page.goto('/keys');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fkeys$/);
  });

  test('sign-in never sends the browser to another site through ?next=', async ({ page }) => {
    for (const next of ['%2F%09%2Fevil.example', '%2F%0A%2Fevil.example', '%2F%2Fevil.example', '%2F%5Cevil.example', 'https%3A%2F%2Fevil.example', '%2F%5C%2Fevil.example']) {
      await page.context().clearCookies();
      await page.goto(`/sign-in?next=${next}`);
      await page.getByLabel('API key').fill(E2E_ADMIN_KEY);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { name: 'Health', level: 1 }), next).toBeVisible();
      expect(page.url(), next).toBe(`${E2E_BASE_URL}/`);
    }
    // A same-site path is kept.
    await page.context().clearCookies();
    await page.goto('/sign-in?next=%2Fkeys');
    await page.getByLabel('API key').fill(E2E_ADMIN_KEY);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/keys`);
  });
});
