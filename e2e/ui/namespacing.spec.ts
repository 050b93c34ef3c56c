import { expect, test } from '@playwright/test';
import { adminHeaders, assertFact, signInViaApi, uniqueSuffix } from '../support/api';
import { E2E_ADMIN_ENTITY } from '../support/e2e-env';

// Spec-20's namespacing check on the dashboard: the health card counts it, the scope page filters to
// it, and its remediation moves a bare relation's values under a prefixed one and retracts the bare ones.

test('a bare relation: the health card links to it, "move to a prefixed relation" fixes it', async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const entity = `e2e:ns:${suffix}`;
  await assertFact(request, { entity, relation: 'owner', value: { type: 'string', v: 'alice' }, scope: 'local' });
  await signInViaApi(page);

  await page.goto('/');
  await expect(page.getByTestId('scope-local-check-namespacing')).toBeVisible();
  await page.goto(`/scopes/local?check=namespacing&q=${suffix}`);
  const rows = page.getByTestId('finding-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute('data-check', 'namespacing');

  await rows.getByRole('button', { name: 'Move to a prefixed relation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move to a prefixed relation?' });
  await expect(dialog.getByLabel('Prefixed relation')).toHaveValue('memory:owner');
  await dialog.getByRole('button', { name: 'Move' }).click();
  // Gone after the re-lint: the scope's only finding (healthy), or filtered out of a scope with others.
  await expect(page.getByTestId('scope-healthy').or(page.getByTestId('findings-empty'))).toBeVisible();

  const synthesis = await request.post('/v1/synthesis', { headers: adminHeaders, data: { scope: 'local', entity } });
  expect(((await synthesis.json()) as { summary: unknown[] }).summary).toEqual([
    expect.objectContaining({ relation: 'memory:owner', value: { type: 'string', v: 'alice' } }),
  ]);
  const facts = await request.get(`/v1/facts?entity=${encodeURIComponent(entity)}&relation=owner`, { headers: adminHeaders });
  expect(((await facts.json()) as { facts: { confidence: number; source: string }[] }).facts[0]).toMatchObject({ confidence: 0, source: E2E_ADMIN_ENTITY });
});
