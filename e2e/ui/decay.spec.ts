import { expect, type Page, test } from '@playwright/test';
import { decayHref } from '../../lib/decay/view/decay-href';
import { assertFact, createKey, signInViaApi, uniqueSuffix } from '../support/api';
import { createPolicy, DAY_MS, deletePolicyIfExists, dryRunCounts, importAgedFacts, staleFacts, staleFindings } from '../support/decay-data';
import { fillAboveThreshold, LARGE_SCOPE } from '../support/lint-data';

// Policies are node-wide: every test decays only relations of its own namespace and deletes its
// policies at the end, so other specs' facts are never touched.

const THIRTY_DAYS_S = 30 * 86_400;

/** The warning count on the health page's card of `scope` (stale findings are warnings). */
async function healthWarnings(page: Page, scope: string): Promise<number> {
  await page.goto('/');
  const text = await page.getByTestId(`scope-${scope}-warning`).innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

test.describe('decay', () => {
  const policyIds: string[] = [];
  test.afterEach(async ({ request }) => {
    for (const id of policyIds.splice(0)) await deletePolicyIfExists(request, id);
  });

  test('admin creates a policy, previews, applies, and the stale findings of the scope drop', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const ns = `e2e-decay-${suffix}`;
    const policyId = `e2e-retract-${suffix}`;
    policyIds.push(policyId);
    const aged = await importAgedFacts(request, staleFacts(`e2e:decay:${suffix}`, `${ns}:status`, 'team', 3));
    await assertFact(request, { entity: `e2e:decay:${suffix}:fresh`, relation: `${ns}:status`, value: { type: 'string', v: 'new' }, scope: 'team' });
    const staleBefore = await staleFindings(request, 'team');
    expect(staleBefore).toBeGreaterThanOrEqual(3);

    await signInViaApi(page);
    const warningsBefore = await healthWarnings(page, 'team');
    await page.goto('/decay?scope=team');
    await page.getByRole('button', { name: 'Add policy' }).click();
    await page.getByLabel('Policy id').fill(policyId);
    await page.getByLabel('Relation', { exact: true }).fill(`${ns}:*`);
    await page.getByLabel('Scope', { exact: true }).selectOption('team');
    await page.getByRole('radio', { name: /Retract after a TTL/ }).check();
    await page.getByLabel('TTL', { exact: true }).fill('30');
    await page.getByLabel('TTL unit').selectOption('d');
    await page.getByRole('button', { name: 'Create policy' }).click();
    await expect(page.getByTestId('policy-saved')).toContainText(policyId);
    const row = page.locator(`[data-testid="policy-row"][data-policy-id="${policyId}"]`);
    await expect(row).toContainText('TTL 30 d');
    await expect(row).toContainText('database');

    // The preview: three aged values retracted by this policy; the fresh one is not due.
    const counts = page.locator(`[data-testid="policy-count-row"][data-policy-id="${policyId}"]`);
    await expect(counts.getByTestId('policy-count-retract')).toHaveText('3');
    await expect(counts.getByTestId('policy-count-reduce')).toHaveText('0');
    await expect(page.getByTestId('decay-histogram')).toBeVisible();
    for (const fact of aged) {
      const change = page.locator(`[data-testid="decay-change-row"][data-fact-id="${fact.id}"]`);
      await expect(change).toContainText('retract');
      await expect(change.getByRole('link', { name: fact.entity })).toHaveAttribute('href', `/entities/${encodeURIComponent(fact.entity)}`);
    }
    await expect(page.locator('[data-testid="decay-change-row"]', { hasText: `e2e:decay:${suffix}:fresh` })).toHaveCount(0);

    await page.getByRole('button', { name: 'Apply sweep…' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('sweep-confirm-headline')).toContainText('3 retractions (confidence 0.0)');
    await expect(dialog).toContainText('source system:stigmem:decay');
    await dialog.getByRole('button', { name: /^Write \d+ facts?$/ }).click();
    await expect(page.getByTestId('sweep-result')).toBeVisible();
    await expect(page.getByTestId('sweep-retracted')).not.toHaveText('0');
    // Recomputed after the sweep: nothing of this policy is left to write, and the preview no longer
    // says "nothing was written" beside the sweep's result.
    await expect(counts).toHaveCount(0);
    await expect(page.getByTestId('dry-run-when')).toContainText('Preview recomputed after the sweep');
    await expect(page.getByTestId('dry-run')).not.toContainText('nothing was written');

    expect(await staleFindings(request, 'team')).toBe(staleBefore - 3);
    expect(await healthWarnings(page, 'team')).toBe(warningsBefore - 3);

    await page.goto('/decay?scope=team');
    await page.getByRole('button', { name: `Delete policy ${policyId}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete policy' }).click();
    await expect(row).toHaveCount(0);
  });

  test('the one-fact preview (/decay?scope=&fact_id=) shows and applies the dry run of one fact', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const ns = `e2e-decay-${suffix}`;
    const policyId = `e2e-one-${suffix}`;
    policyIds.push(policyId);
    await createPolicy(request, { id: policyId, relation: `${ns}:*`, scope: 'team', mode: 'retract', ttl_s: THIRTY_DAYS_S });
    const [target, other] = await importAgedFacts(request, staleFacts(`e2e:decay:${suffix}`, `${ns}:status`, 'team', 2));

    await signInViaApi(page);
    await page.goto(decayHref({ scope: 'team', factId: target.id }));
    const preview = page.getByTestId('fact-preview');
    await expect(preview).toContainText(target.entity);
    await expect(preview.getByTestId('fact-preview-policy')).toContainText(`${policyId}: retract after 30 d`);
    await expect(page.getByTestId('decay-change-row')).toHaveCount(1);
    await expect(page.getByTestId('decay-change-row')).toHaveAttribute('data-fact-id', target.id);

    await page.getByRole('button', { name: 'Apply to this fact…' }).click();
    await expect(page.getByRole('dialog').getByTestId('sweep-confirm-headline')).toContainText('for this fact: 1 retraction');
    await page.getByRole('dialog').getByRole('button', { name: 'Write 1 fact' }).click();
    await expect(page.getByTestId('sweep-retracted')).toHaveText('1');
    await expect(page.getByTestId('dry-run-nothing')).toContainText('This fact would not change now');
    // Only that fact: its neighbour is still due.
    expect((await dryRunCounts(request, { scope: 'team', fact_id: other.id })).dry_run_would_retract).toBe(1);
  });

  test('a sweep above the async threshold runs as a job and reports its counters', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const ns = `e2e-decay-${suffix}`;
    const policyId = `e2e-job-${suffix}`;
    policyIds.push(policyId);
    await fillAboveThreshold(request, LARGE_SCOPE, `decay-${suffix}`);
    await importAgedFacts(request, [
      { entity: `e2e:decay:${suffix}:a`, relation: `${ns}:score`, value: { type: 'number', v: 1 }, scope: LARGE_SCOPE, ageDays: 14 },
      { entity: `e2e:decay:${suffix}:b`, relation: `${ns}:score`, value: { type: 'number', v: 2 }, scope: LARGE_SCOPE, ageDays: 7, confidence: 0.8 },
    ]);
    await createPolicy(request, { id: policyId, relation: `${ns}:*`, scope: LARGE_SCOPE, mode: 'confidence', half_life_s: (7 * DAY_MS) / 1000, min_confidence: 0.1 });

    await signInViaApi(page);
    await page.goto(`/decay?scope=${LARGE_SCOPE}`);
    const counts = page.locator(`[data-testid="policy-count-row"][data-policy-id="${policyId}"]`);
    await expect(counts.getByTestId('policy-count-reduce')).toHaveText('2');
    await page.getByRole('button', { name: 'Apply sweep…' }).click();
    const sweep = page.waitForResponse((r) => r.url().endsWith('/v1/decay/sweep') && r.request().postDataJSON()?.mode !== 'dry_run');
    await page.getByRole('dialog').getByRole('button', { name: /^Write \d+ facts?$/ }).click();
    expect((await sweep).status()).toBe(202);
    // 202 → the page polls GET /v1/decay/jobs/:id until the job is done.
    await expect(page.getByTestId('sweep-result')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('sweep-reduced')).not.toHaveText('0');
    await expect(counts).toHaveCount(0);
  });

  test('the policy form shows the API validation message', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/decay');
    await page.getByRole('button', { name: 'Add policy' }).click();
    await page.getByLabel('Policy id').fill(`e2e-invalid-${uniqueSuffix()}`);
    await page.getByLabel('Relation', { exact: true }).fill('e2e-invalid:*');
    await page.getByLabel('TTL', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Create policy' }).click();
    await expect(page.getByTestId('policy-form-error')).toContainText('needs ttl_s > 0');
  });

  test('a reader sees the policies read-only and is told that previews need write', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const policyId = `e2e-ro-${suffix}`;
    policyIds.push(policyId);
    await createPolicy(request, { id: policyId, relation: `e2e-decay-${suffix}:*`, scope: 'team', mode: 'retract', ttl_s: THIRTY_DAYS_S });
    const reader = await createKey(request, { entity_uri: `e2e:decay-reader:${suffix}`, permissions: ['read'], allowed_scopes: ['team'] });
    await signInViaApi(page, reader.key);
    await page.goto('/decay?scope=team');
    await expect(page.locator(`[data-testid="policy-row"][data-policy-id="${policyId}"]`)).toBeVisible();
    await expect(page.getByTestId('policies-read-only')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add policy' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Edit policy ${policyId}` })).toHaveCount(0);
    await expect(page.getByTestId('decay-needs-write')).toBeVisible();
  });
});
