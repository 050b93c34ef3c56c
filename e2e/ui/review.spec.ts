import { expect, test } from '@playwright/test';
import { adminHeaders, assertFact, signInViaApi, uniqueSuffix } from '../support/api';
import { createReviewConflict, getConflict, keptValue, resolveViaApi, reviewNamespace, unresolvedConflicts } from '../support/review-data';

// Team-lead journeys of the review workflow (issue 6): the keyboard queue, suggestions, dismissal
// with its cooldown, reopen, bulk accept, review history and cross-scope divergence.

test.describe('review workflow', () => {
  test('works the queue with the keyboard: move, open, accept the suggestion, keep value 2, dismiss', async ({ page, request }) => {
    const ns = reviewNamespace();
    const relation = `${ns}:owner`;
    const first = await createReviewConflict(request, { entity: `e2e:kbd:${ns}:one`, relation, a: { value: 'alice', confidence: 0.95 }, b: { value: 'bob', confidence: 0.4 } });
    const second = await createReviewConflict(request, { entity: `e2e:kbd:${ns}:two`, relation, a: { value: 'carol', confidence: 0.9 }, b: { value: 'dave', confidence: 0.8 } });
    const third = await createReviewConflict(request, { entity: `e2e:kbd:${ns}:three`, relation, a: { value: 'erin', confidence: 0.4 }, b: { value: 'frank', confidence: 0.95 } });
    await signInViaApi(page);

    await page.goto(`/conflicts?namespace=${ns}`);
    const rows = page.getByTestId('conflict-row');
    // Newest first: third, second, first.
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toHaveAttribute('data-entity', third.entity);
    await expect(page.getByRole('region', { name: 'Keyboard shortcuts' })).toContainText('accept the suggestion');
    // Values strongest first: frank (0.95) is value 1 of the third.
    await expect(rows.nth(0).getByTestId('queue-suggestion')).toContainText('Keep 1');
    await expect(rows.nth(0).getByTestId('queue-suggestion')).toContainText('confidence');
    await expect(rows.nth(1).getByText('None: a person decides')).toBeVisible();

    // A key pressed before the page hydrated is lost: wait until React has taken over the rows.
    await page.waitForFunction(() => {
      const row = document.querySelector('[data-testid="conflict-row"]');
      return row !== null && Object.keys(row).some((key) => key.startsWith('__reactFiber'));
    });
    await page.keyboard.press('j');
    await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(rows.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('k');
    await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(rows.nth(1)).not.toHaveAttribute('aria-current', 'true');

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/conflicts/${encodeURIComponent(third.contradictionId)}\\?from=`));
    await expect(page.getByRole('link', { name: '← Conflicts' })).toHaveAttribute('href', `/conflicts?status=unresolved&namespace=${ns}`);
    await expect(page.getByTestId('contradiction-value').nth(0)).toContainText('frank');
    await page.goBack();
    await expect(rows).toHaveCount(3);

    const announcer = page.getByTestId('queue-announcer');
    await page.keyboard.press('j');
    await page.keyboard.press('a');
    await expect(announcer).toContainText(`Kept “frank” (value 1) for ${third.entity}`);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-entity', second.entity);
    await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');

    // The second has no suggestion: "a" explains, "2" keeps value 2 (dave, 0.8 after carol's 0.9); "3" names no value.
    await page.keyboard.press('a');
    await expect(announcer).toContainText('No suggestion');
    await page.keyboard.press('3');
    await expect(announcer).toContainText('has no readable value 3');
    await page.keyboard.press('2');
    await expect(announcer).toContainText(`Kept “dave” (value 2) for ${second.entity}`);
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');

    await page.keyboard.press('d');
    await expect(announcer).toContainText(`Dismissed ${first.entity}`);
    await expect(rows).toHaveCount(0);
    await expect(page.getByTestId('empty-state')).toContainText('No matching contradictions');

    expect(await keptValue(request, third.conflictId)).toBe('frank');
    expect((await getConflict(request, third.conflictId)).resolution_note).toContain('Accepted the suggestion (confidence)');
    expect(await keptValue(request, second.conflictId)).toBe('dave');
    expect((await getConflict(request, first.conflictId)).resolution_basis).toBe('dismissed');
  });

  test('undoes a keyboard decision from the toast, and asks before a key decides when told to', async ({ page, request }) => {
    const ns = reviewNamespace();
    const relation = `${ns}:language`;
    const conflict = await createReviewConflict(request, { entity: `e2e:undo:${ns}`, relation, a: { value: 'kotlin', confidence: 0.9 }, b: { value: 'java', confidence: 0.7 } });
    await signInViaApi(page);
    await page.goto(`/conflicts?namespace=${ns}`);
    const rows = page.getByTestId('conflict-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole('button', { name: `Accept ‘kotlin’, the suggestion, for ${conflict.entity} ${relation} in local` })).toBeVisible();

    // 2 keeps java and retracts kotlin; u takes it back: both values live again, as they were.
    // (j selects the row once the queue's keys are live: a key pressed before the page hydrated is lost.)
    await expect(async () => {
      await page.keyboard.press('j');
      await expect(rows.first()).toBeFocused({ timeout: 500 });
    }).toPass();
    await page.keyboard.press('2');
    const announcer = page.getByTestId('queue-announcer');
    await expect(announcer).toContainText(`Kept “java” (value 2) for ${conflict.entity}`);
    await expect(rows).toHaveCount(0);
    await expect(announcer.getByRole('button', { name: 'Undo' })).toHaveAttribute('aria-keyshortcuts', 'u');
    await page.keyboard.press('u');
    await expect(announcer).toContainText('Undid the decision');
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId('queue-values')).toContainText('kotlin');
    await expect(rows.getByTestId('queue-values')).toContainText('java');
    const open = await unresolvedConflicts(request, { entity: conflict.entity });
    expect(open).toHaveLength(1);
    const old = await getConflict(request, conflict.conflictId);
    expect(Date.parse(old.resolution!.cooldown_until!)).toBeLessThanOrEqual(Date.now());

    // Ask first: d opens a confirmation; Escape cancels, Dismiss decides; the toast's Undo button takes it back.
    await page.getByTestId('confirm-key-decisions').check();
    await rows.first().focus();
    await page.keyboard.press('d');
    const dialog = page.getByRole('dialog', { name: 'Dismiss as not a contradiction?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(1);
    await rows.first().focus();
    await page.keyboard.press('d');
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect(announcer).toContainText(`Dismissed ${conflict.entity}`);
    await expect(rows).toHaveCount(0);
    await announcer.getByRole('button', { name: 'Undo' }).click();
    await expect(rows).toHaveCount(1);
    // The setting is this browser's: still on after a reload.
    await page.reload();
    await expect(page.getByTestId('confirm-key-decisions')).toBeChecked();
  });

  test('accepts the suggestion on the conflict page', async ({ page, request }) => {
    const ns = reviewNamespace();
    const conflict = await createReviewConflict(request, { entity: `e2e:accept:${ns}`, relation: `${ns}:region`, a: { value: 'eu-west', confidence: 0.95 }, b: { value: 'us-east', confidence: 0.4 } });
    await signInViaApi(page);
    await page.goto(`/conflicts/${encodeURIComponent(conflict.conflictId)}`);

    const suggestion = page.getByTestId('conflict-suggestion');
    await expect(suggestion).toContainText('Keep value 1');
    await expect(suggestion).toContainText('confidence 0.95 vs 0.40');
    await expect(page.getByTestId('contradiction-value').nth(0)).toContainText('suggested');
    await expect(page.getByTestId('conflict-timeline').getByTestId('timeline-entry')).toHaveCount(2);

    await suggestion.getByRole('button', { name: 'Accept suggestion: keep value 1' }).click();
    await expect(page.getByTestId('conflict-outcome')).toContainText('Contradiction resolved');
    await expect(page.getByTestId('conflict-status')).toHaveText('resolved');
    await expect(page.getByTestId('conflict-decision')).toContainText('Accepted the suggestion (confidence)');
    await expect(page.getByTestId('contradiction-value').filter({ hasText: 'eu-west' })).toContainText('kept');
    // The resolution fact and the retraction of B joined the triple's history.
    await expect(page.getByTestId('conflict-timeline').locator('[data-kind="resolution"]')).toHaveCount(1);
    await expect(page.getByTestId('conflict-timeline').locator('[data-kind="retraction"]')).toHaveCount(1);
  });

  test('resolves with a typed new value', async ({ page, request }) => {
    const ns = reviewNamespace();
    const conflict = await createReviewConflict(request, { entity: `e2e:newvalue:${ns}`, relation: `${ns}:headcount`, a: { value: 'twelve', confidence: 0.9 }, b: { value: '13', confidence: 0.9 } });
    await signInViaApi(page);
    await page.goto(`/conflicts/${encodeURIComponent(conflict.conflictId)}`);
    await expect(page.getByTestId('conflict-suggestion')).toContainText('No suggestion');

    await page.getByRole('radio', { name: /New value/ }).check();
    await page.getByLabel('Type').selectOption('number');
    await page.getByLabel('Value', { exact: true }).fill('fourteen');
    await page.getByRole('button', { name: 'Resolve contradiction' }).click();
    await expect(page.getByText('Enter a finite number')).toBeVisible();
    await page.getByLabel('Value', { exact: true }).fill('14');
    await page.getByLabel('Note').fill('counted again');
    await page.getByRole('button', { name: 'Resolve contradiction' }).click();

    await expect(page.getByTestId('conflict-status')).toHaveText('resolved');
    await expect(page.getByTestId('conflict-decision')).toContainText('14');
    expect(await keptValue(request, conflict.conflictId)).toBe(14);
  });

  test('dismisses a false alarm that stays quiet when re-asserted, then reopens it', async ({ page, request }) => {
    const ns = reviewNamespace();
    const entity = `e2e:dismiss:${ns}`;
    const relation = `${ns}:office`;
    const conflict = await createReviewConflict(request, { entity, relation, a: { value: 'berlin', confidence: 0.9 }, b: { value: 'lisbon', confidence: 0.9 } });
    await signInViaApi(page);
    await page.goto(`/conflicts/${encodeURIComponent(conflict.conflictId)}`);

    await page.getByRole('radio', { name: /Dismiss/ }).check();
    await page.getByLabel('Note').fill('moved offices in May: a change over time');
    await page.getByRole('button', { name: 'Dismiss contradiction' }).click();
    await expect(page.getByTestId('conflict-outcome')).toContainText('Contradiction dismissed');
    await expect(page.getByTestId('conflict-status')).toHaveText('dismissed');
    await expect(page.getByTestId('conflict-cooldown')).toContainText('days left');

    // The same values asserted again: no new conflict during the cooldown.
    await assertFact(request, { entity, relation, value: { type: 'string', v: 'berlin' }, confidence: 0.9 });
    await assertFact(request, { entity, relation, value: { type: 'string', v: 'lisbon' }, confidence: 0.9 });
    expect(await unresolvedConflicts(request, { entity })).toHaveLength(0);
    await page.goto(`/conflicts?entity=${encodeURIComponent(entity)}`);
    await expect(page.getByTestId('empty-state')).toBeVisible();

    await page.goto(`/conflicts/${encodeURIComponent(conflict.conflictId)}`);
    await page.getByRole('button', { name: 'Reopen' }).click();
    const result = page.getByTestId('reopen-result');
    await expect(result).toContainText('Live values contradict each other again');
    await expect(page.getByTestId('conflict-cooldown')).toContainText('ended');
    await expect(page.getByTestId('open-conflicts')).toBeVisible();
    await result.getByRole('link', { name: 'open the contradiction' }).click();
    await expect(page.getByTestId('conflict-status')).toHaveText('unresolved');
    await expect(page.getByTestId('contradiction-value').filter({ hasText: 'berlin' })).toHaveCount(1);
    await expect(page.getByTestId('contradiction-value').filter({ hasText: 'lisbon' })).toHaveCount(1);
    expect(await unresolvedConflicts(request, { entity })).toHaveLength(1);
  });

  test('bulk accepts suggestions and reports a conflict decided meanwhile', async ({ page, request }) => {
    const ns = reviewNamespace();
    const relation = `${ns}:status`;
    const keepA = await createReviewConflict(request, { entity: `e2e:bulk:${ns}:a`, relation, a: { value: 'active', confidence: 0.95 }, b: { value: 'archived', confidence: 0.4 } });
    const keepB = await createReviewConflict(request, { entity: `e2e:bulk:${ns}:b`, relation, a: { value: 'draft', confidence: 0.3 }, b: { value: 'published', confidence: 0.9 } });
    const person = await createReviewConflict(request, { entity: `e2e:bulk:${ns}:c`, relation, a: { value: 'red', confidence: 0.9 }, b: { value: 'blue', confidence: 0.85 } });
    await signInViaApi(page);
    await page.goto(`/conflicts?namespace=${ns}`);
    await expect(page.getByTestId('conflict-row')).toHaveCount(3);

    await page.getByRole('checkbox', { name: 'Mark every contradiction with a suggestion on this page' }).check();
    await expect(page.getByTestId('queue-marked')).toHaveText('2 marked');
    await expect(page.getByTestId('queue-count')).toHaveText('1–3 of 3 contradicted triples, page 1 of 1');
    await expect(page.getByRole('checkbox', { name: `Mark ${person.entity} ${relation} in local for bulk accept` })).toHaveCount(0);
    await page.getByRole('button', { name: 'Accept marked suggestions…' }).click();

    const dialog = page.getByRole('dialog', { name: 'Accept 2 suggestions?' });
    const items = dialog.getByTestId('bulk-accept-item');
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: keepA.entity })).toContainText(relation);
    await expect(items.filter({ hasText: keepA.entity })).toContainText('active');
    await expect(items.filter({ hasText: keepB.entity })).toContainText('published');
    await expect(items.filter({ hasText: keepB.entity })).toContainText('confidence');

    // Someone decides one of them before the confirmation.
    await resolveViaApi(request, keepA.conflictId, keepA.factB.id);
    await dialog.getByRole('button', { name: 'Accept 2 suggestions' }).click();

    const report = page.getByTestId('bulk-report');
    await expect(report).toContainText('Accepted 1 suggestion. 1 contradiction was decided by someone else meanwhile.');
    await expect(report).toContainText(keepA.entity);
    await expect(page.getByTestId('queue-announcer')).toContainText('Accepted 1 suggestion');
    await expect(page.getByTestId('conflict-row')).toHaveCount(1);
    await expect(page.getByTestId('conflict-row')).toHaveAttribute('data-entity', person.entity);
    expect(await keptValue(request, keepB.conflictId)).toBe('published');
    expect(await keptValue(request, keepA.conflictId)).toBe('archived');
  });

  test("the review history shows today's counts and the alert thresholds", async ({ page, request }) => {
    const ns = reviewNamespace();
    const dismissed = await createReviewConflict(request, { entity: `e2e:history:${ns}:a`, relation: `${ns}:x`, a: { value: 'one', confidence: 0.9 }, b: { value: 'two', confidence: 0.9 } });
    await createReviewConflict(request, { entity: `e2e:history:${ns}:b`, relation: `${ns}:x`, a: { value: 'one', confidence: 0.9 }, b: { value: 'two', confidence: 0.9 } });
    const dismiss = await request.post(`/v1/conflicts/${encodeURIComponent(dismissed.conflictId)}/dismiss`, { headers: adminHeaders, data: { resolution_note: 'false alarm' } });
    expect(dismiss.status()).toBe(200);

    const response = await request.get('/v1/conflicts/history?scope=local&days=7', { headers: adminHeaders });
    expect(response.status()).toBe(200);
    const api = (await response.json()) as { history: { day: string; detected: number; resolved: number; dismissed: number }[]; summary: { pending: number } };
    const today = api.history[api.history.length - 1];
    expect(today.detected).toBeGreaterThanOrEqual(2);
    expect(today.dismissed).toBeGreaterThanOrEqual(1);

    await signInViaApi(page);
    await page.goto('/conflicts');
    await page.getByRole('navigation', { name: 'Conflicts section' }).getByRole('link', { name: 'Review history' }).click();
    await expect(page.getByRole('heading', { name: 'Review history', level: 1 })).toBeVisible();
    await page.getByLabel('Scope', { exact: true }).selectOption('local');
    await page.getByLabel('Range', { exact: true }).selectOption('7');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/scope=local/);

    await expect(page.getByTestId('today-detected')).toHaveText(String(today.detected));
    await expect(page.getByTestId('today-resolved')).toHaveText(String(today.resolved));
    await expect(page.getByTestId('today-dismissed')).toHaveText(String(today.dismissed));
    await expect(page.getByTestId('stat-pending')).toHaveText(String(api.summary.pending));
    // The open review alerts come from the alert rules, counted like the header's; labelled as review alerts.
    await expect(page.getByTestId('review-alerts')).toContainText('From the review rules on the Alerts page');
    await expect(page.getByTestId('review-alerts')).toContainText(/open review alert|No open review alerts/);
    await expect(page.getByTestId('chart-pending')).toBeVisible();
    await expect(page.getByTestId('chart-flow')).toBeVisible();
    await expect(page.getByTestId('chart-age')).toBeVisible();
  });

  test("divergence shows each scope's live value side by side", async ({ page, request }) => {
    const entity = `e2e:divergence:${uniqueSuffix()}`;
    await assertFact(request, { entity, relation: 'tier', value: { type: 'string', v: 'gold' }, scope: 'local' });
    await assertFact(request, { entity, relation: 'tier', value: { type: 'string', v: 'silver' }, scope: 'team' });
    await assertFact(request, { entity, relation: 'color', value: { type: 'string', v: 'same' }, scope: 'local' });
    await assertFact(request, { entity, relation: 'color', value: { type: 'string', v: 'same' }, scope: 'team' });
    await signInViaApi(page);

    await page.goto(`/conflicts/divergence?entity=${encodeURIComponent(entity)}`);
    const items = page.getByTestId('divergence-item');
    await expect(items).toHaveCount(1);
    await expect(items).toContainText('tier');
    await expect(items.locator('[data-scope="local"]')).toContainText('gold');
    await expect(items.locator('[data-scope="team"]')).toContainText('silver');
  });
});
