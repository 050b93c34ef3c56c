import { expect, type Page, test } from '@playwright/test';
import { adminHeaders, assertFact, createConflict, createKey, signInViaApi, uniqueSuffix } from '../support/api';
import { E2E_ADMIN_ENTITY } from '../support/e2e-env';
import { createBrokenRef, createStaleFinding, fillAboveThreshold, LARGE_SCOPE, holdLintJobRunning } from '../support/lint-data';

// Lint journeys (issue 3): Health home → scope page → a finding's remediation → the finding is gone
// after a re-lint. Every test narrows the table to its own entities with the entity search.

const rows = (page: Page) => page.getByTestId('finding-row');

async function filterFindings(page: Page, filters: { q?: string; check?: string; severity?: string }) {
  if (filters.check) await page.getByLabel('Check').selectOption(filters.check);
  if (filters.severity) await page.getByLabel('Severity').selectOption(filters.severity);
  if (filters.q !== undefined) await page.getByRole('searchbox', { name: 'Entity search' }).fill(filters.q);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  // Wait for the navigation: the form is re-keyed by the URL's view when it lands, so a field
  // changed before then would be reset by the remount.
  await page.waitForURL((url) => Object.entries(filters).every(([name, value]) => value === undefined || (url.searchParams.get(name) ?? '') === value));
}

test.describe('lint', () => {
  test('from the health page to a scope, filter, resolve a contradiction and see it gone after a re-lint', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const entity = `e2e:lint:${suffix}`;
    await createConflict(request, entity, 'alice', 'bob');
    await createStaleFinding(request, `${entity}:stale`);
    await signInViaApi(page);

    await page.goto('/');
    const card = page.getByTestId('scope-card-local');
    await expect(card.getByTestId('scope-local-error')).toContainText(/[1-9]\d* errors?/);
    await expect(card.getByTestId('scope-local-namespace-chart')).toBeVisible();
    await card.getByTestId('scope-local-score').hover();
    await expect(card.getByRole('tooltip')).toContainText('score = 100 × (1 − (errors + 0.3·warnings + 0.05·infos) / live values)');
    await card.getByRole('link', { name: 'Open scope local' }).click();

    await expect(page).toHaveURL(/\/scopes\/local$/);
    await expect(page.getByRole('heading', { name: 'Scope: local', level: 1 })).toBeVisible();
    await filterFindings(page, { q: suffix });
    // The contradiction, the stale value, and (Spec-20) the fixture's bare `owner` relation.
    await expect(rows(page)).toHaveCount(3);
    await filterFindings(page, { check: 'contradiction' });
    await expect(page).toHaveURL(/check=contradiction/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toHaveAttribute('data-entity', entity);
    await expect(rows(page)).toContainText('alice');

    await rows(page).getByRole('link', { name: `Resolve conflict: owner on ${entity}` }).click();
    await expect(page).toHaveURL(/\/conflicts\/stigmem%3Aconflict%3A/);
    await page.getByRole('radio', { name: /Keep value 1/ }).check();
    await page.getByRole('button', { name: 'Resolve contradiction' }).click();
    await expect(page.getByTestId('conflict-status')).toHaveText('resolved');

    // Back on the scope page (a fresh lint): the contradiction is gone, the stale value is not.
    await page.goto(`/scopes/local?check=contradiction&q=${suffix}`);
    await expect(page.getByTestId('findings-empty')).toContainText('No findings match these filters');
    await page.goto(`/scopes/local?q=${suffix}`);
    await expect(rows(page)).toHaveCount(2);
    expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-check')))).toEqual(['stale', 'namespacing']);
  });

  test('a stale value: preview its retraction, then "retract now" removes the finding', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const entity = `e2e:lint:${suffix}`;
    const { stale } = await createStaleFinding(request, entity);
    await signInViaApi(page);
    await page.goto(`/scopes/local?check=stale&q=${suffix}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('spring sale');

    await rows(page).getByRole('button', { name: 'Preview retraction' }).click();
    await expect(rows(page).getByTestId('decay-preview')).toContainText(/polic/);

    await rows(page).getByRole('button', { name: 'Retract now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retract this stale value?' });
    await expect(dialog).toContainText('promo:banner');
    await dialog.getByRole('button', { name: 'Retract' }).click();
    await expect(page.getByTestId('findings-empty')).toBeVisible();
    await expect(rows(page)).toHaveCount(0);

    const facts = await request.get(`/v1/facts?entity=${encodeURIComponent(entity)}&relation=promo:banner&include_expired=true`, { headers: adminHeaders });
    const { facts: history } = (await facts.json()) as { facts: { id: string; confidence: number; source: string }[] };
    expect(history[0]).toMatchObject({ confidence: 0, source: E2E_ADMIN_ENTITY });
    expect(history.map((f) => f.id)).toContain(stale.id);
  });

  test('a broken ref: "assert the missing target" mends it, "retract the ref" removes another', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const target = `e2e:lint:${suffix}:missing`;
    await createBrokenRef(request, `e2e:lint:${suffix}:a`, target);
    await createBrokenRef(request, `e2e:lint:${suffix}:b`, `e2e:lint:${suffix}:gone`);
    await signInViaApi(page);
    await page.goto(`/scopes/local?check=broken_ref&q=${suffix}&sort=entity`);
    await expect(rows(page)).toHaveCount(2);

    await rows(page).first().getByRole('button', { name: 'Assert the missing target' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assert the missing target' });
    await expect(dialog.getByLabel('Entity')).toHaveValue(target);
    await dialog.getByLabel('Relation').fill('memory:name');
    await dialog.getByLabel('Value', { exact: true }).fill('Found again');
    await dialog.getByRole('button', { name: 'Assert fact' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toHaveAttribute('data-entity', `e2e:lint:${suffix}:b`);

    const asserted = await request.get(`/v1/facts?entity=${encodeURIComponent(target)}`, { headers: adminHeaders });
    expect(((await asserted.json()) as { facts: unknown[] }).facts).toEqual([
      expect.objectContaining({ relation: 'memory:name', value: { type: 'string', v: 'Found again' }, scope: 'local', source: E2E_ADMIN_ENTITY }),
    ]);

    await rows(page).getByRole('button', { name: 'Retract the ref' }).click();
    await page.getByRole('dialog', { name: 'Retract this ref?' }).getByRole('button', { name: 'Retract' }).click();
    await expect(page.getByTestId('findings-empty')).toBeVisible();
  });

  test('a large scope: the page arrives with its lint job\'s findings; "Lint again" follows a new job\'s progress; unchanged, the scope shows that lint again', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    await createStaleFinding(request, `e2e:lint:${suffix}:stale`, LARGE_SCOPE);
    await createBrokenRef(request, `e2e:lint:${suffix}:ref`, `e2e:lint:${suffix}:nowhere`, LARGE_SCOPE);
    await fillAboveThreshold(request, LARGE_SCOPE, suffix);
    // A lint job's findings carry no score: the page shows the latest health run's, with its time.
    const recorded = await request.post('/v1/health/runs', { headers: adminHeaders, data: { scope: LARGE_SCOPE } });
    expect(recorded.status(), await recorded.text()).toBe(201);
    const run = (await recorded.json()) as { score: number | null; fact_count: number };
    expect(run.score).not.toBeNull();

    // What the browser asks for itself: lint starts, polls of a job, whole job results.
    const lintStarts: string[] = [];
    const polls: string[] = [];
    const wholeResults: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (req.method() === 'POST' && url.pathname === '/v1/lint') lintStarts.push(url.href);
      if (url.pathname.startsWith('/api/lint-jobs/')) polls.push(url.href);
      if (url.pathname.startsWith('/v1/lint/jobs/')) wholeResults.push(url.href);
    });
    await signInViaApi(page);
    await page.goto('/');
    await page.getByRole('link', { name: `Open scope ${LARGE_SCOPE}` }).click();

    // The server started the job and waited for it (a quick one): the findings come with the page.
    await expect(page.getByTestId('lint-job-done')).toContainText('in a background job');
    await expect(page).toHaveURL(/[?&]job=[0-9a-f-]{36}/);
    const jobId = new URL(page.url()).searchParams.get('job')!;
    expect(lintStarts).toEqual([]);
    expect(polls).toEqual([]);
    await expect(page.getByRole('meter', { name: `Health score of ${LARGE_SCOPE}` })).toHaveAttribute('aria-valuenow', String(run.score));
    const fromRun = page.getByTestId(`scope-${LARGE_SCOPE}-from-run`);
    await expect(fromRun).toContainText('As of the health run of');
    await expect(fromRun).toContainText('checked by hand');
    await expect(page.getByTestId(`scope-${LARGE_SCOPE}-facts`)).toHaveText(run.fact_count.toLocaleString('en-US'));

    // Filters, and a reload, read that job's findings: no new lint, the job stays in the URL.
    await filterFindings(page, { q: suffix });
    await expect(rows(page)).toHaveCount(2);
    await filterFindings(page, { check: 'broken_ref' });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toHaveAttribute('data-entity', `e2e:lint:${suffix}:ref`);
    expect(new URL(page.url()).searchParams.get('job')).toBe(jobId);
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    expect(lintStarts).toEqual([]);

    // "Lint again" starts a new job from the browser and follows it: the first poll answers
    // "running, half done"; the next waits until the progress bar was seen.
    const job = await holdLintJobRunning(page, 0.5);
    await page.getByTestId('lint-job-done').getByRole('button', { name: 'Lint again' }).click();
    const progress = page.getByRole('progressbar', { name: 'Lint progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', '50');
    await expect(page.getByTestId('lint-job-status')).toContainText('Running');
    // While it runs, the first findings in lint's order (a page of the paged lint), most severe first,
    // each with its remediation. What the shared scope holds depends on the tests before, so the
    // severities are checked for their order, not for their values.
    const preview = page.getByTestId('lint-preview');
    await expect(preview).toContainText('First findings, most severe first');
    const previewRows = preview.getByTestId('lint-preview-row');
    await expect(previewRows.first()).toBeVisible();
    const severities = await previewRows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-severity') ?? ''));
    const rank = { error: 0, warning: 1, info: 2 } as Record<string, number>;
    expect(severities.length).toBeGreaterThan(0);
    expect(severities.every((s, i) => i === 0 || rank[severities[i - 1]] <= rank[s]), severities.join(',')).toBe(true);
    await expect(previewRows.first().getByRole('button').or(previewRows.first().getByRole('link')).first()).toBeVisible();
    job.release();

    await expect(page.getByTestId('lint-job-done')).toContainText('in a background job');
    await expect(page.getByTestId('lint-preview')).toHaveCount(0);
    await expect(rows(page)).toHaveCount(1);
    expect(lintStarts).toHaveLength(1);
    await expect(page).not.toHaveURL(new RegExp(`job=${jobId}`));
    expect(job.polls()).toBeGreaterThan(1);

    // A visit without ?job= while nothing in the scope changed shows the newest finished lint again,
    // and says so; after a write the server lints again.
    const newest = new URL(page.url()).searchParams.get('job')!;
    await page.goto(`/scopes/${LARGE_SCOPE}`);
    await expect(page.getByTestId('lint-unchanged')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`job=${newest}`));
    await createStaleFinding(request, `e2e:lint:${suffix}:later`, LARGE_SCOPE);
    await page.goto(`/scopes/${LARGE_SCOPE}`);
    await expect(page.getByTestId('lint-job-done')).toContainText('in a background job');
    await expect(page.getByTestId('lint-unchanged')).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]job=[0-9a-f-]{36}/);
    await expect(page).not.toHaveURL(new RegExp(`job=${newest}`));
    expect(lintStarts).toHaveLength(1);
    // The browser never downloads a job's whole result, only pages of it.
    expect(wholeResults).toEqual([]);
  });

  test('empty states: a healthy scope, no readable scope, and a scope the key cannot read', async ({ page, request }) => {
    // "public" is the scope no spec writes to (see conflicts.spec.ts). A fact elsewhere makes sure
    // the node is not empty even when this test runs alone (an empty node shows the first-run guide).
    await assertFact(request, { entity: `e2e:lint-not-empty:${uniqueSuffix()}`, relation: 'memory:note', value: { type: 'string', v: 'here' } });
    const reader = await createKey(request, { entity_uri: `e2e:lint-reader:${uniqueSuffix()}`, permissions: ['read'], allowed_scopes: ['public'] });
    await signInViaApi(page, reader.key);
    await page.goto('/');
    await expect(page.getByTestId('scope-public-healthy')).toContainText('healthy');
    await page.getByRole('link', { name: 'Open scope public' }).click();
    await expect(page.getByTestId('scope-healthy')).toContainText('This scope is healthy');
    await page.goto('/scopes/local');
    await expect(page.getByTestId('not-found')).toBeVisible();

    const nobody = await createKey(request, { entity_uri: `e2e:lint-nobody:${uniqueSuffix()}`, permissions: ['read'], allowed_scopes: [] });
    await signInViaApi(page, nobody.key);
    await page.goto('/');
    await expect(page.getByTestId('empty-state')).toContainText('No readable scopes');
  });
});
