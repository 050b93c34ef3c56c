import { expect, test } from '@playwright/test';
import { adminHeaders, assertFact, createConflict, createKey, signInViaApi, uniqueSuffix } from '../support/api';
import { createPolicy, deletePolicyIfExists, importAgedFacts, staleFacts } from '../support/decay-data';
import { fillAboveThreshold, holdLintJobRunning } from '../support/lint-data';
import { saveSnapshot } from '../support/synthesis-data';
import { decayHref } from '../../lib/decay/view/decay-href';
import { shoot, shootViewport, SHOTS_SKIP_REASON, shotsDir } from '../support/screenshots';

// Not a check: a tour that photographs every page (filled and empty) for a person to look at.
// Runs only with E2E_SHOTS_DIR set: `E2E_SHOTS_DIR=/tmp/shots npx playwright test --project screenshots`.

test.describe('page screenshots', () => {
  test.skip(!shotsDir, SHOTS_SKIP_REASON);

  test('every page, filled and empty', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const entity = `e2e:shots:${suffix}`;
    await assertFact(request, { entity, relation: 'color', value: { type: 'string', v: 'red' } });
    await assertFact(request, { entity, relation: 'color', value: { type: 'string', v: 'red' }, confidence: 0.8 });
    await assertFact(request, { entity, relation: 'size', value: { type: 'number', v: 42 } });
    await assertFact(request, { entity, relation: 'size', value: { type: 'number', v: 42 }, confidence: 0 });
    await assertFact(request, { entity, relation: 'promo', value: { type: 'string', v: 'spring sale' }, valid_until: '2020-01-01T00:00:00Z' });
    await assertFact(request, { entity, relation: 'homepage', value: { type: 'string', v: `https://example.com/${'very-long-path-segment-'.repeat(12)}` } });
    await assertFact(request, { entity, relation: 'note', value: { type: 'text', v: `${'A long note about the project and its history. '.repeat(30)}` } });
    await assertFact(request, { entity, relation: 'token', value: { type: 'string', v: 'x'.repeat(400) } });
    const { conflictId } = await createConflict(request, `${entity}:team`, 'alice', 'bob');
    const emptyKey = await createKey(request, { entity_uri: `e2e:viewer:${suffix}`, permissions: ['read'], allowed_scopes: ['public'] });

    await page.goto('/sign-in');
    await shoot(page, '01-sign-in');
    await page.getByLabel('API key').fill('sk_wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('sign-in-error')).toBeVisible();
    await shoot(page, '02-sign-in-error');

    await signInViaApi(page);
    await page.goto('/');
    await shoot(page, '03-health');
    await page.goto('/conflicts');
    await shoot(page, '04-conflicts');
    await page.goto(`/conflicts/${encodeURIComponent(conflictId)}`);
    await page.getByRole('radio', { name: /Keep value 1/ }).check();
    await shoot(page, '05-conflict');
    await page.getByRole('button', { name: 'Resolve contradiction' }).click();
    await expect(page.getByTestId('conflict-decision')).toBeVisible();
    await shoot(page, '06-conflict-resolved');
    await page.goto(`/entities?q=${encodeURIComponent(suffix)}`);
    await shoot(page, '07-entities');
    await page.goto(`/entities/${encodeURIComponent(entity)}`);
    await shoot(page, '08-entity');
    await page.getByText(/show all .* characters/).first().click();
    await shoot(page, '09-entity-expanded');
    await page.goto('/keys');
    await page.getByLabel('Entity URI').fill(`e2e:shots-key:${suffix}`);
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByTestId('new-key-secret')).toBeVisible();
    await shoot(page, '10-keys-created');
    await page.locator(`[data-testid="key-row"][data-entity="e2e:shots-key:${suffix}"]`).getByRole('button', { name: /^Revoke key/ }).click();
    await shootViewport(page, '11-keys-revoke-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/decay');
    await shoot(page, '12-decay');
    await page.goto('/synthesis');
    await shoot(page, '13-synthesis');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/entities/${encodeURIComponent(entity)}`);
    await shoot(page, '14-entity-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });

    await signInViaApi(page, emptyKey.key);
    await page.goto('/');
    await shoot(page, '20-empty-health');
    await page.goto('/conflicts');
    await shoot(page, '21-empty-conflicts');
    await page.goto('/entities');
    await shoot(page, '22-empty-entities');
    await page.goto(`/entities/${encodeURIComponent('nobody:here')}`);
    await shoot(page, '23-empty-entity');
    await page.goto('/keys');
    await shoot(page, '24-needs-admin');
  });
});

// Lint (issue 3): the Health cards, the scope page with its actions, a large scope's job, and the
// empty and narrow views. Data with long entity URIs and long values, to see that they wrap.
test.describe('lint page screenshots', () => {
  test.skip(!shotsDir, SHOTS_SKIP_REASON);

  test('health cards, scope findings and their actions', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const base = `e2e:shots-lint:${suffix}`;
    const longEntity = `https://example.com/${'deeply-nested-knowledge-base-path/'.repeat(6)}${suffix}`;
    await createConflict(request, `${base}:owner`, 'alice', 'bob');
    await assertFact(request, { entity: `${base}:promo`, relation: 'promo:banner', value: { type: 'string', v: 'spring sale' }, valid_until: '2020-01-01T00:00:00Z' });
    await assertFact(request, { entity: longEntity, relation: 'memory:summary', value: { type: 'text', v: 'A long summary that kept going. '.repeat(20) }, valid_until: '2021-06-01T00:00:00Z' });
    await assertFact(request, { entity: `${base}:agent`, relation: 'intent:handoff_to', value: { type: 'ref', v: `${base}:vanished-agent` } });
    await assertFact(request, { entity: `${base}:doc`, relation: 'memory:link', value: { type: 'ref', v: `${longEntity}:missing` } });
    await assertFact(request, { entity: `${base}:gone`, relation: 'status', value: { type: 'string', v: 'active' } });
    await assertFact(request, { entity: `${base}:gone`, relation: 'status', value: { type: 'string', v: 'active' }, confidence: 0 });
    const reader = await createKey(request, { entity_uri: `e2e:shots-lint-viewer:${suffix}`, permissions: ['read'], allowed_scopes: ['public'] });

    await signInViaApi(page);
    await page.goto('/');
    await shoot(page, 'lint-30-health-cards');
    await page.getByTestId('scope-local-score').hover();
    await shoot(page, 'lint-31-health-score-tooltip', false);

    await page.goto('/scopes/local');
    await shoot(page, 'lint-32-scope');
    await page.goto(`/scopes/local?q=${suffix}`);
    await shoot(page, 'lint-33-scope-filtered');
    const staleRow = page.locator(`[data-testid="finding-row"][data-entity="${base}:promo"]`);
    await staleRow.getByRole('button', { name: 'Preview retraction' }).click();
    await expect(staleRow.getByTestId('decay-preview')).toBeVisible();
    await shoot(page, 'lint-34-scope-stale-preview');
    await staleRow.getByRole('button', { name: 'Retract now' }).click();
    await shootViewport(page, 'lint-35-scope-retract-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.locator(`[data-testid="finding-row"][data-entity="${base}:doc"]`).getByRole('button', { name: 'Assert the missing target' }).click();
    await shootViewport(page, 'lint-36-scope-assert-target-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`/scopes/local?q=${suffix}&check=contradiction&sort=entity`);
    await shoot(page, 'lint-37-scope-filtered-contradiction');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/scopes/local?q=${suffix}`);
    await shoot(page, 'lint-38-scope-mobile');
    await page.goto('/');
    await shoot(page, 'lint-39-health-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });

    await signInViaApi(page, reader.key);
    await page.goto('/scopes/public');
    await shoot(page, 'lint-40-scope-healthy');
  });

  test('a large scope: job progress, then findings', async ({ page, request }) => {
    // "company" past the e2e server's STIGMEM_ASYNC_THRESHOLD (playwright.config.ts), with a contradiction and a stale value.
    const suffix = uniqueSuffix();
    await assertFact(request, { entity: `e2e:shots-lint:${suffix}:old`, relation: 'promo:banner', value: { type: 'string', v: 'old' }, valid_until: '2020-01-01T00:00:00Z', scope: 'company' });
    for (const v of ['Berlin', 'Lisbon']) await assertFact(request, { entity: `e2e:shots-lint:${suffix}:office`, relation: 'org:city', value: { type: 'string', v }, scope: 'company' });
    await fillAboveThreshold(request, 'company', suffix);
    await signInViaApi(page);
    // The server starts the job and, a quick one, waits for it: the page arrives with its findings.
    await page.goto('/scopes/company');
    await expect(page.getByTestId('lint-job-done')).toBeVisible();
    await shoot(page, 'lint-42-scope-large-findings');
    // "Lint again" follows a new job from the browser: held at 40 % for the picture.
    const job = await holdLintJobRunning(page, 0.4);
    await page.getByTestId('lint-job-done').getByRole('button', { name: 'Lint again' }).click();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    // Below the progress, the first findings in lint's order (a page of the paged lint).
    await expect(page.getByTestId('lint-preview-row').first()).toBeVisible();
    await shoot(page, 'lint-41-scope-large-progress');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shoot(page, 'lint-41-scope-large-progress-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    job.release();
    await expect(page.getByTestId('lint-job-done')).toBeVisible();
    // Unchanged since: a new visit shows that lint again, and says so.
    await page.goto('/scopes/company');
    await expect(page.getByTestId('lint-unchanged')).toBeVisible();
    await shoot(page, 'lint-43-scope-large-unchanged');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shoot(page, 'lint-44-scope-large-unchanged-dark');
  });
});

test.describe('review and node page screenshots', () => {
  test.skip(!shotsDir, SHOTS_SKIP_REASON);

  test('the review queue, a conflict, history, divergence and the node page', async ({ page, request }) => {
    const ns = `rvshots-${uniqueSuffix()}`;
    const relation = `${ns}:owner`;
    const make = async (entity: string, a: { v: string; c: number }, b: { v: string; c: number }) => {
      await assertFact(request, { entity, relation, value: { type: 'string', v: a.v }, confidence: a.c });
      await assertFact(request, { entity, relation, value: { type: 'string', v: b.v }, confidence: b.c });
    };
    for (let i = 0; i < 12; i++) await make(`e2e:shots:${ns}:item-${i}`, { v: `owner-${i}-a`, c: 0.95 - (i % 3) * 0.2 }, { v: `owner-${i}-b`, c: 0.4 });
    await make(`e2e:shots:${ns}:${'a-very-long-entity-name-'.repeat(5)}`, { v: `https://example.com/${'long-path-segment-'.repeat(15)}`, c: 0.9 }, { v: 'x'.repeat(300), c: 0.85 });
    const entity = `e2e:shots:${ns}:detail`;
    await make(entity, { v: 'alice', c: 0.95 }, { v: 'bob', c: 0.4 });
    await assertFact(request, { entity, relation, value: { type: 'string', v: 'bob' }, confidence: 0.5, source: 'agent:other' });
    await assertFact(request, { entity: `e2e:shots:${ns}:div`, relation: 'tier', value: { type: 'string', v: 'gold' }, scope: 'local' });
    await assertFact(request, { entity: `e2e:shots:${ns}:div`, relation: 'tier', value: { type: 'string', v: 'silver' }, scope: 'team' });
    await assertFact(request, { entity: `e2e:shots:${ns}:div`, relation: 'tier', value: { type: 'string', v: 'bronze' }, scope: 'company' });

    await signInViaApi(page);
    await page.goto(`/conflicts?namespace=${ns}`);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.getByRole('checkbox', { name: /^Mark .*item-0 / }).check();
    await page.getByRole('checkbox', { name: /^Mark .*item-3 / }).check();
    await shoot(page, '30-queue');
    await page.getByRole('button', { name: /^Accept 2 suggestions/ }).click();
    await shootViewport(page, '31-queue-bulk-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.keyboard.press('a');
    await expect(page.getByTestId('queue-announcer')).toContainText('Kept');
    await shoot(page, '32-queue-after-accept');
    await page.goto(`/conflicts?namespace=${ns}-nothing&aged=true`);
    await shoot(page, '33-queue-empty-filtered');

    const conflicts = (await (await request.get(`/v1/conflicts?status=unresolved&entity=${encodeURIComponent(entity)}`, { headers: adminHeaders })).json()) as { conflicts: { conflict_id: string }[] };
    const conflictId = conflicts.conflicts[0].conflict_id;
    await page.goto(`/conflicts/${encodeURIComponent(conflictId)}`);
    await page.getByRole('radio', { name: /New value/ }).check();
    await shoot(page, '34-conflict-suggestion-new-value');
    await page.getByRole('radio', { name: /Dismiss/ }).check();
    await page.getByLabel('Note').fill('Both true at different times.');
    await page.getByRole('button', { name: 'Dismiss contradiction' }).click();
    await expect(page.getByTestId('conflict-decision')).toBeVisible();
    await shoot(page, '35-conflict-dismissed');
    await page.getByRole('button', { name: 'Reopen' }).click();
    await expect(page.getByTestId('reopen-result')).toBeVisible();
    await shoot(page, '36-conflict-reopened');

    await page.goto('/conflicts/history');
    await expect(page.getByTestId('chart-pending').locator('svg').first()).toBeVisible();
    await shoot(page, '37-review-history');
    await page.goto(`/conflicts/divergence?entity=${encodeURIComponent(`e2e:shots:${ns}:div`)}`);
    await shoot(page, '38-divergence');
    await page.goto('/conflicts/divergence');
    await shoot(page, '39-divergence-all');
    await page.goto('/node');
    await shoot(page, '40-node');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/conflicts?namespace=${ns}`);
    await shoot(page, '41-queue-mobile');
    await page.goto('/node');
    await shoot(page, '42-node-mobile');
  });
});

// Decay (issue 4) and synthesis (issue 5): the policies, a dry run with both kinds of change, the
// one-fact preview, a job's progress, snapshots and their diff, the context preview; long values,
// narrow screens and the empty states of a key that reads only "public".
test.describe('decay and synthesis page screenshots', () => {
  test.skip(!shotsDir, SHOTS_SKIP_REASON);

  test('decay: policies, preview, one fact, a job, empty states', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const ns = `dsshots-${suffix}`;
    const longEntity = `https://example.com/${'deeply-nested-knowledge-base-path/'.repeat(5)}${suffix}`;
    const stale = staleFacts(`e2e:shots-decay:${suffix}`, `${ns}:status`, 'team', 7);
    stale.push({ ...stale[0], entity: longEntity, value: { type: 'text', v: 'A status that someone wrote at length. '.repeat(12) } });
    const [first] = await importAgedFacts(request, stale);
    await importAgedFacts(
      request,
      Array.from({ length: 30 }, (_, i) => ({ entity: `e2e:shots-decay:${suffix}:note-${i}`, relation: `${ns}:note`, value: { type: 'string', v: `note ${i}` }, scope: 'team', confidence: 0.95 - (i % 5) * 0.1, ageDays: 3 + (i % 20) })),
    );
    const policies = [`${ns}-status`, `${ns}-notes`];
    await createPolicy(request, { id: policies[0], relation: `${ns}:status`, scope: 'team', mode: 'retract', ttl_s: 30 * 86_400 });
    await createPolicy(request, { id: policies[1], relation: `${ns}:*`, scope: '*', mode: 'confidence', half_life_s: 7 * 86_400, min_confidence: 0.2 });
    const reader = await createKey(request, { entity_uri: `e2e:shots-decay-reader:${suffix}`, permissions: ['read'], allowed_scopes: ['public', 'team'] });

    try {
      await signInViaApi(page);
      await page.goto('/decay?scope=team');
      await expect(page.getByTestId('decay-histogram')).toBeVisible();
      await shoot(page, 'ds-50-decay-preview');
      await page.getByRole('button', { name: 'Add policy' }).click();
      await page.getByLabel('Policy id').fill(`${ns}-draft`);
      await page.getByLabel('Relation', { exact: true }).fill('memory:*');
      await page.getByRole('radio', { name: /Reduce confidence/ }).check();
      await page.getByLabel('Half-life', { exact: true }).fill('');
      await page.getByRole('button', { name: 'Create policy' }).click();
      await expect(page.getByTestId('policy-form-error')).toBeVisible();
      await shoot(page, 'ds-51-decay-policy-form-error');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Apply sweep…' }).click();
      await shootViewport(page, 'ds-52-decay-apply-dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      // A job's progress, staged: the sweep answers 202 and the job reports 40 %.
      await page.route('**/v1/decay/sweep', async (route) =>
        route.request().postDataJSON()?.mode === 'dry_run' ? route.continue() : route.fulfill({ status: 202, json: { job_id: 'shots-job', status: 'pending', estimated_s: 12 } }),
      );
      await page.route('**/v1/decay/jobs/*', (route) => route.fulfill({ json: { job_id: 'shots-job', kind: 'decay', scope: 'team', status: 'running', progress: 0.4, estimated_s: 12 } }));
      await page.getByRole('button', { name: 'Apply sweep…' }).click();
      await page.getByRole('dialog').getByRole('button', { name: /^Write/ }).click();
      await expect(page.getByRole('progressbar', { name: 'Sweep progress' })).toHaveAttribute('aria-valuenow', '40');
      await shoot(page, 'ds-53-decay-job-progress', false);
      await page.unrouteAll();

      await page.goto(decayHref({ scope: 'team', factId: first.id }));
      await expect(page.getByTestId('decay-change-row')).toHaveCount(1);
      await shoot(page, 'ds-54-decay-one-fact');
      await page.getByRole('button', { name: 'Apply to this fact…' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Write 1 fact' }).click();
      await expect(page.getByTestId('sweep-result')).toBeVisible();
      await shoot(page, 'ds-55-decay-one-fact-applied');
      await page.goto(decayHref({ scope: 'team', factId: 'no-such-fact' }));
      await shoot(page, 'ds-56-decay-fact-missing');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/decay?scope=team');
      await expect(page.getByTestId('decay-histogram')).toBeVisible();
      await shoot(page, 'ds-57-decay-mobile');
      await page.setViewportSize({ width: 1280, height: 800 });

      await signInViaApi(page, reader.key);
      await page.goto('/decay?scope=team');
      await shoot(page, 'ds-58-decay-reader');
    } finally {
      for (const id of policies) await deletePolicyIfExists(request, id);
    }
    await signInViaApi(page);
    await page.goto('/decay?scope=public');
    await shoot(page, 'ds-59-decay-no-policies');
  });

  test('synthesis: entries, contradictions, snapshots diff, context, empty states', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const base = `e2e:shots-synth:${suffix}`;
    const owner = await createConflict(request, `${base}:owner`, 'alice', 'bob');
    const second = await createConflict(request, `${base}:lead`, 'carol', `https://example.com/${'a-long-contradicting-value-'.repeat(8)}`);
    await assertFact(request, { entity: `${base}:owner`, relation: 'memory:summary', value: { type: 'text', v: 'A long summary that kept going. '.repeat(20) }, confidence: 0.55 });
    await assertFact(request, { entity: `${base}:owner`, relation: 'memory:tier', value: { type: 'string', v: 'gold' }, confidence: 0.25 });
    await assertFact(request, { entity: `${base}:owner`, relation: 'promo:banner', value: { type: 'string', v: 'spring sale' }, valid_until: '2020-01-01T00:00:00Z' });
    await assertFact(request, { entity: `${base}:owner`, relation: 'memory:empty', value: { type: 'null' }, confidence: 0.7 });
    const before = await saveSnapshot(request, 'local', `before the review ${suffix}`);
    const resolved = await request.post(`/v1/conflicts/${encodeURIComponent(owner.conflictId)}/resolve`, {
      headers: adminHeaders,
      data: { winning_fact_id: owner.factA.id, resolution_note: 'alice' },
    });
    expect(resolved.status()).toBe(200);
    await assertFact(request, { entity: `${base}:new`, relation: 'memory:role', value: { type: 'string', v: 'CTO' } });
    const after = await saveSnapshot(request, 'local', `after the review ${suffix}`);
    const reader = await createKey(request, { entity_uri: `e2e:shots-synth-viewer:${suffix}`, permissions: ['read'], allowed_scopes: ['public'] });

    await signInViaApi(page);
    await page.goto('/synthesis?scope=local');
    await expect(page.getByTestId('synthesis-table')).toBeVisible();
    await shoot(page, 'ds-70-synthesis');
    await page.goto(`/synthesis?scope=local&entity=${encodeURIComponent(second.factA.entity)}`);
    await expect(page.getByTestId('contradiction-badge')).toBeVisible();
    await shoot(page, 'ds-71-synthesis-contradiction');
    await page.goto(`/synthesis?scope=local&entity=${encodeURIComponent(`${base}:owner`)}&min=0.6`);
    await expect(page.getByTestId('filtered-count')).toBeVisible();
    await shoot(page, 'ds-72-synthesis-min-confidence');
    await page.goto(`/synthesis?scope=local&entity=${encodeURIComponent(`${base}:owner`)}&include_expired=1`);
    await expect(page.getByTestId('synthesis-table')).toBeVisible();
    await shoot(page, 'ds-73-synthesis-include-expired');
    await page.goto('/synthesis?scope=local&tab=snapshots');
    await page.getByRole('checkbox', { name: `Compare ${before.label}` }).check();
    await page.getByRole('checkbox', { name: `Compare ${after.label}` }).check();
    await expect(page.getByTestId('diff-counts')).toBeVisible();
    await shoot(page, 'ds-74-snapshots-diff');
    await page.goto('/synthesis?scope=local&tab=context');
    await page.getByLabel('Entity (optional)').fill(`${base}:owner`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByTestId('context-raw')).toBeVisible();
    await shoot(page, 'ds-75-context-preview');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/synthesis?scope=local&entity=${encodeURIComponent(second.factA.entity)}`);
    await expect(page.getByTestId('synthesis-table')).toBeVisible();
    await shoot(page, 'ds-76-synthesis-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });

    await signInViaApi(page, reader.key);
    await page.goto('/synthesis');
    await expect(page.getByTestId('synthesis-empty')).toBeVisible();
    await shoot(page, 'ds-77-synthesis-empty');
    await page.goto('/synthesis?scope=public&tab=snapshots');
    await expect(page.getByTestId('snapshots-empty')).toBeVisible();
    await shoot(page, 'ds-78-snapshots-empty');
    await page.goto('/synthesis?scope=public&tab=context');
    await expect(page.getByTestId('context-empty')).toBeVisible();
    await shoot(page, 'ds-79-context-empty');
  });
});
