import { expect, test } from '@playwright/test';
import { assertFact, createConflict, signInViaApi, uniqueSuffix } from '../support/api';
import { deleteSnapshot, saveSnapshot, snapshotIdsByLabel } from '../support/synthesis-data';

test.describe('synthesis', () => {
  test('a contradiction badge leads to the conflict; after resolving, a new snapshot diffs against the earlier one', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const entity = `e2e:synth:${suffix}`;
    // alice then bob at equal confidence: the newer (bob) wins, alice is the alternative.
    const { conflictId } = await createConflict(request, entity, 'alice', 'bob');
    const before = await saveSnapshot(request, 'local', `before ${suffix}`);

    await signInViaApi(page);
    await page.goto('/synthesis?scope=local');
    await page.getByLabel('Entity (exact URI)').fill(entity);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/entity=/);
    const row = page.locator(`[data-testid="synthesis-row"][data-entity="${entity}"]`);
    await expect(row.getByTestId('synthesis-value')).toContainText('bob');
    const badge = row.getByTestId('contradiction-badge');
    await expect(badge).toContainText('Contradicted');
    await expect(badge.getByTestId('contradiction-alt')).toHaveText('also: alice (1.00)');

    await badge.click();
    await expect(page).toHaveURL(new RegExp(`/conflicts/${encodeURIComponent(conflictId)}$`));
    await page.getByRole('radio', { name: /Keep value .*alice/ }).check();
    await page.getByLabel('Note').fill('alice owns it');
    await page.getByRole('button', { name: 'Resolve contradiction' }).click();
    await expect(page.getByTestId('conflict-outcome')).toContainText('Contradiction resolved');

    await page.goto(`/synthesis?scope=local&entity=${encodeURIComponent(entity)}`);
    await expect(row.getByTestId('synthesis-value')).toContainText('alice');
    await expect(row.getByTestId('contradiction-badge')).toHaveCount(0);

    await page.getByRole('link', { name: 'Snapshots' }).click();
    await page.getByLabel('Label (optional)').fill(`after ${suffix}`);
    await page.getByRole('button', { name: 'Save snapshot' }).click();
    await expect(page.getByTestId('snapshot-saved')).toContainText(`after ${suffix}`);
    await page.getByRole('checkbox', { name: `Compare before ${suffix}` }).check();
    await page.getByRole('checkbox', { name: `Compare after ${suffix}` }).check();

    const diff = page.getByTestId('snapshot-diff');
    await expect(diff).toContainText(`Changes from “before ${suffix}” to “after ${suffix}”`);
    const changed = diff.getByTestId('diff-value_changed').locator(`[data-testid="diff-row"][data-entity="${entity}"]`);
    await expect(changed.getByTestId('diff-before')).toContainText('bob');
    await expect(changed.getByTestId('diff-after')).toContainText('alice');
    await expect(diff.getByTestId('diff-no_longer_contradicted').locator(`[data-testid="diff-row"][data-entity="${entity}"]`)).toBeVisible();

    for (const id of [before.snapshot_id, ...(await snapshotIdsByLabel(request, 'local', [`after ${suffix}`]))]) await deleteSnapshot(request, id);
  });

  test('the minimum-confidence slider hides weak entries and says how many', async ({ page, request }) => {
    const entity = `e2e:synth:${uniqueSuffix()}`;
    await assertFact(request, { entity, relation: 'weak', value: { type: 'string', v: 'maybe' }, confidence: 0.3 });
    await assertFact(request, { entity, relation: 'strong', value: { type: 'string', v: 'surely' }, confidence: 0.9 });
    await signInViaApi(page);
    await page.goto(`/synthesis?scope=local&entity=${encodeURIComponent(entity)}`);
    await expect(page.getByTestId('synthesis-row')).toHaveCount(2);
    await expect(page.getByTestId('confidence-chart')).toContainText('2 entries');

    const slider = page.getByRole('slider', { name: /Minimum confidence/ });
    await slider.focus();
    for (let i = 0; i < 12; i++) await slider.press('ArrowRight');
    await expect(page.getByTestId('min-confidence-value')).toHaveText('0.60');
    await expect(page.getByTestId('filtered-count')).toHaveText('1 entry hidden below 0.60');
    await expect(page.getByTestId('synthesis-row')).toHaveCount(1);
    await expect(page.locator('[data-testid="synthesis-row"][data-relation="strong"]')).toBeVisible();
    await expect(page).toHaveURL(/min=0\.60/);
  });

  test('the context preview shows the agent Markdown rendered, safely, and raw', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const entity = `e2e:ctx:${suffix}`;
    const relation = `e2ectx${suffix.replace(/-/g, '')}:role`;
    await assertFact(request, { entity, relation, value: { type: 'string', v: '<b>not html</b>' }, confidence: 0.8 });
    await signInViaApi(page);
    await page.goto('/synthesis?scope=local&tab=context');
    await page.getByLabel('Entity (optional)').fill(entity);
    await page.getByRole('button', { name: 'Preview' }).click();

    const raw = page.getByTestId('context-raw');
    await expect(raw).toContainText(`## Stigmem context - ${entity}`);
    // The value stays data: its Markdown and HTML control characters reach the agent escaped.
    await expect(raw).toContainText(`- **${relation}** on \`${entity}\`: \\<b>not html\\</b> _(confidence: 0.80)_`);
    const rendered = page.getByTestId('context-rendered');
    await expect(rendered.getByRole('heading', { name: `Stigmem context - ${entity}` })).toBeVisible();
    await expect(rendered.locator('strong')).toHaveText(relation);
    await expect(rendered.locator('code')).toHaveText(entity);
    await expect(rendered.locator('em')).toHaveText('(confidence: 0.80)');
    await expect(rendered.getByRole('listitem')).toContainText('<b>not html</b>');
    await expect(rendered.locator('b')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Copy Markdown' })).toBeEnabled();
  });
});
