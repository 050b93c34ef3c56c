import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, assertFact, createKey, signInViaApi, uniqueSuffix } from '../support/api';

// The pages' half of test/http/scope-isolation.test.ts: every dashboard page, opened by an admin
// limited to `company` and by an admin of no scope, shows nothing of `team` — its facts, conflicts,
// keys, webhooks, decay policies, alert rules, audit entries — nor the node's global webhook.
// Opened by the admin of every scope, the pages that list those things do show them (so the check
// can fail). A new page fails the first test until it is listed here. Everything of team carries
// `token`, which no URL below holds (a page may echo its own URL: the entity it was asked about).

const APP = path.resolve(__dirname, '../../app/(dashboard)');
const SECRET = 'a-secret-of-16-chars-or-more';

const token = `iso-${uniqueSuffix()}`;
const entitySuffix = uniqueSuffix();
const team = { entity: `e2e:team-entity:${entitySuffix}`, conflictId: '', conflictEntity: `e2e:team-conflict:${uniqueSuffix()}` };

/** Every dashboard page's URL pattern, from its folder (route groups left out). */
function pagePatterns(dir = APP, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === 'page.tsx' ? [prefix || '/'] : [];
    if (!entry.isDirectory()) return [];
    const segment = /^\(.*\)$/.test(entry.name) ? '' : `/${entry.name}`;
    return pagePatterns(path.join(dir, entry.name), `${prefix}${segment}`);
  });
}

/** The URL each page is opened at: about team where it takes a scope, an entity or an id. */
const PAGES: Record<string, () => string> = {
  '/': () => '/',
  '/scopes/[scope]': () => '/scopes/team',
  '/alerts': () => '/alerts?status=all',
  // Describes the API, none of a scope's things; opened like the rest.
  '/api-reference': () => '/api-reference',
  '/audit': () => '/audit',
  '/conflicts': () => '/conflicts?status=all',
  '/conflicts/[id]': () => `/conflicts/${encodeURIComponent(team.conflictId)}`,
  '/conflicts/divergence': () => `/conflicts/divergence?entity=${encodeURIComponent(team.entity)}`,
  '/conflicts/history': () => '/conflicts/history',
  '/decay': () => '/decay',
  '/entities': () => `/entities?q=${encodeURIComponent(entitySuffix)}`,
  '/entities/[entity]': () => `/entities/${encodeURIComponent(team.entity)}`,
  '/health-history/[scope]': () => '/health-history/team',
  '/keys': () => '/keys',
  '/node': () => '/node',
  '/quarantine': () => '/quarantine?status=all',
  '/sources': () => '/sources?scope=team&source=e2e%3Aplaywright',
  '/synthesis': () => '/synthesis?scope=team',
};

/** Pages that list team's things to the admin of every scope. */
const SHOWN_TO_EVERY_SCOPE = ['/alerts', '/audit', '/conflicts', '/decay', '/entities/[entity]', '/keys', '/quarantine', '/sources'];

/** What the tests created and other specs must not meet (a webhook of every scope gets every alert). */
const cleanup: string[] = [];

async function createTeamData(request: APIRequestContext): Promise<void> {
  await assertFact(request, { entity: team.entity, relation: 'owner', value: { type: 'string', v: `alice ${token}` }, scope: 'team' });
  for (const v of ['red', 'blue']) await assertFact(request, { entity: team.conflictEntity, relation: 'color', value: { type: 'string', v: `${v} ${token}` }, scope: 'team' });
  const held = await assertFact(request, { entity: `e2e:team-held:${uniqueSuffix()}`, relation: 'note', value: { type: 'string', v: `held ${token}` }, scope: 'team' });
  expect((await request.post('/v1/quarantine', { headers: adminHeaders, data: { fact_id: held.id, reason: 'isolation' } })).status()).toBe(201);
  const listed = await request.get(`/v1/conflicts?scope=team&entity=${encodeURIComponent(team.conflictEntity)}`, { headers: adminHeaders });
  team.conflictId = ((await listed.json()) as { conflicts: { conflict_id: string }[] }).conflicts[0].conflict_id;
  const post = async (route: string, data: unknown) => {
    const created = await request.post(route, { headers: adminHeaders, data });
    expect(created.status(), route).toBe(201);
    cleanup.push(`${route}/${((await created.json()) as { id: string }).id}`);
  };
  await createKey(request, { entity_uri: `e2e:team-key:${token}`, permissions: ['read'], allowed_scopes: ['team'], description: token });
  await post('/v1/webhooks', { url: `http://127.0.0.1:9/team-${token}`, secret: SECRET, scopes: ['team'] });
  await post('/v1/webhooks', { url: `http://127.0.0.1:9/every-scope-${token}`, secret: SECRET });
  await post('/v1/decay/policies', { id: `team-${token}`, relation: 'nothing:*', scope: 'team', mode: 'retract', ttl_s: 999_999_999 });
  await post('/v1/alerts/rules', { name: `team ${token}`, kind: 'score_below', scope: 'team', threshold: 0 });
}

async function pageText(page: Page, url: string): Promise<string> {
  await page.goto(url);
  await page.waitForLoadState('load');
  return page.content();
}

test.describe('pages within an admin’s scopes', () => {
  test.beforeAll(async ({ request }) => {
    await createTeamData(request);
  });

  test.afterAll(async ({ request }) => {
    for (const path of cleanup.splice(0)) await request.delete(path, { headers: adminHeaders });
  });

  test('names every dashboard page', () => {
    expect(pagePatterns().filter((pattern) => !(pattern in PAGES))).toEqual([]);
  });

  for (const [who, scopes] of [
    ['an admin limited to company', ['company']],
    ['an admin of no scope', []],
  ] as const) {
    test(`${who} sees nothing of team, nor global objects, on any page`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const admin = await createKey(request, { entity_uri: `e2e:limited-admin:${uniqueSuffix()}`, permissions: ['admin'], allowed_scopes: [...scopes] });
      await signInViaApi(page, admin.key);
      for (const [pattern, url] of Object.entries(PAGES)) {
        const html = await pageText(page, url());
        expect(html.includes(token), `${pattern} (${url()}) shows team data`).toBe(false);
        for (const name of [team.conflictId, team.conflictEntity, team.entity]) {
          if (!decodeURIComponent(url()).includes(name)) expect(html.includes(name), `${pattern} shows ${name}`).toBe(false);
        }
      }
      // The entity search found nothing of team (its own query is all the page shows of it).
      await page.goto(PAGES['/entities']());
      await expect(page.getByTestId('entity-table')).toHaveCount(0);
      // The audit page is there for it (it administers something, or at least itself).
      await page.goto('/');
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' })).toBeVisible();
    });
  }

  test('the admin of every scope sees team’s things on the pages that list them (so the check can fail)', async ({ page }) => {
    await signInViaApi(page);
    for (const pattern of SHOWN_TO_EVERY_SCOPE) {
      expect((await pageText(page, PAGES[pattern]())).includes(token), pattern).toBe(true);
    }
  });
});
