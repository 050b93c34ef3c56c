import { expect, test } from '@playwright/test';
import { assertFact, signInViaApi, uniqueSuffix } from '../support/api';
import { createBrokenRef, createOneOfEachFinding, createStaleFinding } from '../support/lint-data';

// Test-friendly by design (issue 31): what an outside suite locates by role or label finds one
// element, named after what a person sees. Row buttons name their row, with the visible words
// first (WCAG 2.5.3); a label is unique on its page; the scope tabs' names are their text; the
// health score and the Contradicted badge have a role and a name; synthesis filters to the
// contradicted entries. docs/testing-the-dashboard.md lists these names page by page.

test.describe('test-friendly names', () => {
  test('every repeated row button of the findings table names its row, starting with its visible text', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const [a, b] = [`e2e:names:${suffix}:a`, `e2e:names:${suffix}:b`];
    await createStaleFinding(request, a);
    await createStaleFinding(request, b);
    await createBrokenRef(request, `${a}:ref`, `e2e:names:${suffix}:gone-a`);
    await createBrokenRef(request, `${b}:ref`, `e2e:names:${suffix}:gone-b`);
    await signInViaApi(page);
    await page.goto(`/scopes/local?q=${encodeURIComponent(suffix)}`);
    await expect(page.getByTestId('finding-row')).toHaveCount(4);

    for (const entity of [a, b]) {
      for (const visible of ['Preview retraction', 'Retract now']) {
        const button = page.getByRole('button', { name: `${visible}: promo:banner on ${entity}`, exact: true });
        await expect(button).toHaveCount(1);
        await expect(button).toHaveText(visible);
      }
      for (const visible of ['Assert the missing target', 'Retract the ref']) {
        const button = page.getByRole('button', { name: `${visible}: memory:link on ${entity}:ref`, exact: true });
        await expect(button).toHaveCount(1);
        await expect(button).toHaveText(visible);
      }
    }
    // Still reachable by the short words, once per row.
    await expect(page.getByRole('button', { name: /^Retract now/ })).toHaveCount(2);
  });

  test('the scope page: one "Severity" label, a named health score, a named contradiction link', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const entity = `e2e:names:${suffix}`;
    await createOneOfEachFinding(request, entity, suffix);
    await signInViaApi(page);
    await page.goto(`/scopes/local?q=${encodeURIComponent(suffix)}`);
    await expect(page.getByLabel('Severity')).toHaveCount(1);
    await expect(page.getByLabel('Check')).toHaveCount(1);
    const score = page.getByRole('meter', { name: 'Health score of local' });
    await expect(score).toHaveAttribute('aria-valuemax', '100');
    expect(Number(await score.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    await expect(page.getByRole('link', { name: `Resolve conflict: owner on ${entity}`, exact: true })).toHaveText(/^Resolve conflict/);
  });

  test('no two form controls share a label on the pages an outside suite fills in', async ({ page }) => {
    await signInViaApi(page);
    const clashes: string[] = [];
    for (const path of ['/scopes/local', '/synthesis?scope=local', '/decay?scope=local', '/entities', '/sources?scope=local', '/audit', '/quarantine', '/keys', '/alerts']) {
      await page.goto(path);
      await expect(page.getByTestId('page-loading')).toHaveCount(0);
      const controls = await page.locator('input:not([type=hidden]), select, textarea').evaluateAll((elements) =>
        elements.flatMap((c) => {
          const el = c as HTMLInputElement;
          const text = el.getAttribute('aria-label') ?? [...(el.labels ?? [])].map((l) => l.textContent ?? '').join(' ');
          return text.trim() ? [{ label: text.trim().replace(/\s+/g, ' '), choice: el.type === 'checkbox' || el.type === 'radio' }] : [];
        }),
      );
      for (const { label, choice } of new Map(controls.map((c) => [c.label, c])).values()) {
        // Exactly one control carries each label, and a field's label is the only label containing
        // it (getByLabel's default substring match: 'Severity' must not also find "Findings in
        // team by severity"). A choice in a group ("local", "read") is found with exact: true.
        const exact = await page.getByLabel(label, { exact: true }).count();
        if (exact !== 1) clashes.push(`${path}: getByLabel(${JSON.stringify(label)}, { exact: true }) matches ${exact}`);
        if (!choice) {
          const loose = await page.getByLabel(label).count();
          if (loose !== 1) clashes.push(`${path}: getByLabel(${JSON.stringify(label)}) matches ${loose}`);
        }
      }
    }
    expect(clashes, clashes.join('\n')).toEqual([]);
  });

  test('synthesis: scope tabs are named by their text; "Only contradicted" shows the contradicted entries, each a named badge', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const entity = `e2e:names:${suffix}`;
    await createOneOfEachFinding(request, entity, suffix);
    await assertFact(request, { entity: `${entity}:calm`, relation: 'memory:name', value: { type: 'string', v: 'no contradiction here' } });
    await signInViaApi(page);
    await page.goto(`/synthesis?scope=local&entity=${encodeURIComponent(entity)}`);

    const tabs = page.getByRole('navigation', { name: 'Pick a scope' }).getByRole('link');
    for (const tab of await tabs.all()) {
      const text = (await tab.innerText()).trim();
      await expect(page.getByRole('link', { name: text, exact: true })).toHaveCount(1);
    }
    await expect(page.getByRole('link', { name: 'Local', exact: true })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('checkbox', { name: 'Only contradicted' }).check();
    await expect(page).toHaveURL(/contradicted=1/);
    const rows = page.getByTestId('synthesis-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole('link', { name: /^Contradicted: also (alice|bob)/ })).toBeVisible();

    // The same filter over the whole scope: every row it shows is contradicted.
    await page.goto('/synthesis?scope=local&contradicted=1');
    await expect(rows.first()).toBeVisible();
    const all = await rows.count();
    await expect(page.getByRole('link', { name: /^Contradicted: also/ })).toHaveCount(all);
  });
});
