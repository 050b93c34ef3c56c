import { expect, test } from '@playwright/test';
import { signInViaApi } from '../support/api';
import { createReviewConflict, reviewNamespace } from '../support/review-data';

// From a scope's filtered findings to a contradiction and back (issue 31): the conflict page keeps
// the list it came from, offers the next contradiction of that list after the decision, and the way
// back lands on the same filters.

test('resolves contradictions from the findings: next finding, then back to the same filtered findings', async ({ page, request }) => {
  const ns = reviewNamespace();
  const relation = `${ns}:owner`;
  const first = await createReviewConflict(request, { entity: `e2e:way:${ns}:a`, relation, a: { value: 'alice', confidence: 0.9 }, b: { value: 'bob', confidence: 0.9 } });
  const second = await createReviewConflict(request, { entity: `e2e:way:${ns}:b`, relation, a: { value: 'carol', confidence: 0.9 }, b: { value: 'dave', confidence: 0.9 } });
  await signInViaApi(page);

  const findings = `/scopes/local?check=contradiction&q=${encodeURIComponent(`e2e:way:${ns}`)}`;
  await page.goto(findings);
  const rows = page.getByTestId('finding-row');
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: first.entity }).getByRole('link', { name: /^Resolve conflict: / }).click();
  await expect(page.getByTestId('contradiction-value')).toHaveCount(2);
  await expect(page.getByRole('link', { name: '← Findings in local' })).toBeVisible();

  await page.getByRole('radio', { name: /Dismiss/ }).check();
  await page.getByRole('button', { name: 'Dismiss contradiction' }).click();
  await expect(page.getByTestId('conflict-outcome')).toContainText('Contradiction dismissed');
  const wayBack = page.getByTestId('conflict-way-back');
  await wayBack.getByRole('link', { name: 'Next finding →' }).click();
  await expect(page.getByTestId('contradiction-value').filter({ hasText: 'carol' })).toHaveCount(1);
  expect(decodeURIComponent(page.url())).toContain(second.conflictId);

  await page.getByRole('radio', { name: /Keep value 1/ }).check();
  await page.getByRole('button', { name: 'Resolve contradiction' }).click();
  await expect(page.getByTestId('conflict-outcome')).toContainText('Contradiction resolved');
  await expect(wayBack).toContainText('No further contradiction in that list');
  await wayBack.getByRole('link', { name: '← Back to findings' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/scopes/local' && url.searchParams.get('check') === 'contradiction' && url.searchParams.get('q') === `e2e:way:${ns}`);
  await expect(rows).toHaveCount(0);
});

test('refuses a return path to another site', async ({ page, request }) => {
  const ns = reviewNamespace();
  const conflict = await createReviewConflict(request, { entity: `e2e:way:${ns}:x`, relation: `${ns}:owner`, a: { value: 'a', confidence: 0.9 }, b: { value: 'b', confidence: 0.9 } });
  await signInViaApi(page);
  await page.goto(`/conflicts/${encodeURIComponent(conflict.conflictId)}?from=${encodeURIComponent('//evil.example/scopes/team')}`);
  await expect(page.getByRole('link', { name: '← Conflicts' })).toHaveAttribute('href', '/conflicts');
});

test('a row of the filtered queue opens its contradiction with the way back to that view of the queue', async ({ page, request }) => {
  const ns = reviewNamespace();
  const conflict = await createReviewConflict(request, { entity: `e2e:way:${ns}:q`, relation: `${ns}:owner`, a: { value: 'erin', confidence: 0.9 }, b: { value: 'frank', confidence: 0.9 } });
  await signInViaApi(page);
  await page.goto(`/conflicts?namespace=${encodeURIComponent(ns)}`);
  await page.getByRole('link', { name: `Review the contradiction on ${conflict.entity} ${ns}:owner in local` }).click();
  await expect(page.getByTestId('contradiction-value')).toHaveCount(2);
  const back = page.getByRole('link', { name: '← Conflicts' });
  await expect(back).toHaveAttribute('href', new RegExp(`^/conflicts\\?(.*&)?namespace=${encodeURIComponent(ns)}(&|$)`));

  await page.getByRole('radio', { name: /Keep value 1/ }).check();
  await page.getByRole('button', { name: 'Resolve contradiction' }).click();
  await expect(page.getByTestId('conflict-outcome')).toContainText('Contradiction resolved');
  await page.getByTestId('conflict-way-back').getByRole('link', { name: '← Back to the queue' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/conflicts' && url.searchParams.get('namespace') === ns);
});
