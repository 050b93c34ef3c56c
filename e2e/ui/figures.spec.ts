import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminHeaders, assertFact, signInViaApi, uniqueSuffix } from '../support/api';
import { createPolicy, deletePolicyIfExists, dryRunCounts, importAgedFacts } from '../support/decay-data';

// One definition per number (docs/semantics.md § Figures): the health overview's card, the scope
// page and the synthesis page show a scope's live values and contradicted triples under one label
// each, and all three show the figure GET /api/health answers for the same scope.

const SCOPE = 'team';

/** The number of the element whose accessible name is "<label> <number>" inside `within`. */
async function figure(within: Locator | Page, label: string): Promise<number> {
  const element = within.getByLabel(new RegExp(`^${label} [\\d,]+$`));
  await expect(element).toHaveCount(1);
  const name = (await element.getAttribute('aria-label')) ?? '';
  return Number(name.slice(label.length).replace(/,/g, ''));
}

/** The contradiction findings' link on a card or summary: "Contradicted triples 1,080". */
async function linkFigure(within: Locator, label: string): Promise<number> {
  const link = within.getByRole('link', { name: new RegExp(`^${label} [\\d,]+$`) });
  await expect(link).toHaveCount(1);
  return Number((await link.innerText()).slice(label.length).replace(/[^\d]/g, ''));
}

test('the overview, the scope page and synthesis show the same live values and contradicted triples as the API', async ({ page, request }) => {
  const suffix = uniqueSuffix();
  // A triple with three live values and one with two: two contradicted triples (three conflicts).
  for (const [entity, values] of [
    [`e2e:figures:${suffix}:a`, ['red', 'green', 'blue']],
    [`e2e:figures:${suffix}:b`, ['left', 'right']],
  ] as const) {
    for (const v of values) await assertFact(request, { entity, relation: 'memory:color', value: { type: 'string', v }, scope: SCOPE });
  }
  const api = await (await request.get(`/api/health?scope=${SCOPE}`, { headers: adminHeaders })).json();
  const expected = { live: api.scopes[0].live_value_count as number, contradicted: api.scopes[0].by_check.contradiction as number };
  expect(expected.contradicted).toBeGreaterThanOrEqual(2);

  await signInViaApi(page);
  await page.goto('/');
  const card = page.getByRole('region', { name: SCOPE, exact: true });
  const overview = { live: await figure(card, 'Live values'), contradicted: await linkFigure(card, 'Contradicted triples') };

  await page.goto(`/scopes/${SCOPE}`);
  const summary = page.getByRole('region', { name: `Health of ${SCOPE}` });
  const scopePage = { live: await figure(summary, 'Live values'), contradicted: await linkFigure(summary, 'Contradicted triples') };

  await page.goto(`/synthesis?scope=${SCOPE}`);
  const totals = page.getByTestId('synthesis-totals');
  // The totals line is a sentence ("3,479 entries from 4,651 live values · 1,080 contradicted triples"): the number leads.
  const leading = async (testId: string, words: string) => {
    const text = await totals.getByTestId(testId).innerText();
    expect(text).toMatch(new RegExp(`^[\\d,]+ ${words}$`));
    return Number(text.replace(/[^\d]/g, ''));
  };
  const synthesis = { live: await leading('synthesis-live-values', 'live values'), contradicted: await leading('synthesis-contradicted', 'contradicted triples') };

  expect({ overview, scopePage, synthesis }).toEqual({ overview: expected, scopePage: expected, synthesis: expected });
});

test('the decay dry run shows reach and changes as two labelled figures, as the API counts them', async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const ns = `e2e-figures-${suffix}`;
  const policyId = `e2e-figures-${suffix}`;
  // Three values under the policy, one of them old enough for it to retract: reach 3, changes 1 (this policy's).
  await importAgedFacts(request, [
    { entity: `e2e:figures:${suffix}:old`, relation: `${ns}:status`, value: { type: 'string', v: 'old' }, scope: SCOPE, ageDays: 60 },
    { entity: `e2e:figures:${suffix}:new1`, relation: `${ns}:status`, value: { type: 'string', v: 'new' }, scope: SCOPE, ageDays: 1 },
    { entity: `e2e:figures:${suffix}:new2`, relation: `${ns}:status`, value: { type: 'string', v: 'new' }, scope: SCOPE, ageDays: 2 },
  ]);
  await createPolicy(request, { id: policyId, relation: `${ns}:*`, scope: SCOPE, mode: 'retract', ttl_s: 30 * 86_400 });
  try {
    const api = await dryRunCounts(request, { scope: SCOPE });
    await signInViaApi(page);
    await page.goto(`/decay?scope=${SCOPE}`);
    const dryRun = page.getByTestId('dry-run');
    const shown = {
      reach: await figure(dryRun, 'Values under a policy'),
      changes: await figure(dryRun, 'Changes to write'),
      retract: await figure(dryRun, 'Would retract'),
      reduce: await figure(dryRun, 'Would reduce'),
    };
    expect(shown).toEqual({
      reach: api.facts_evaluated,
      changes: api.dry_run_would_retract + api.dry_run_would_reduce,
      retract: api.dry_run_would_retract,
      reduce: api.dry_run_would_reduce,
    });
    // The list's heading counts the same changes.
    await expect(page.getByRole('heading', { name: new RegExp(`^Changes to write: 1–\\d+ of ${shown.changes.toLocaleString('en-US')} `) })).toBeVisible();
    expect(shown.reach).toBeGreaterThanOrEqual(3);
    expect(shown.changes).toBeGreaterThanOrEqual(1);
  } finally {
    await deletePolicyIfExists(request, policyId);
  }
});
