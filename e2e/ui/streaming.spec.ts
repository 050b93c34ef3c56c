import { expect, test } from '@playwright/test';
import { assertFact, signInViaApi, uniqueSuffix } from '../support/api';

// The health overview streams (issue 17): the shell with a placeholder per scope goes out first,
// and each card follows in the same response when its scope's health is computed.

test('the health page sends each card after the shell, in one streamed response', async ({ page, request }) => {
  await assertFact(request, { entity: `e2e:stream:${uniqueSuffix()}`, relation: 'memory:note', value: { type: 'string', v: 'here' } });
  await signInViaApi(page);
  const html = await (await page.request.get('/')).text();
  // The cards are computed one after another, so at least the last one is not ready with the shell:
  // its placeholder is in the HTML, and its card comes later in the same response.
  const placeholder = html.search(/Loading the health of scope (<!-- -->)?public/);
  const card = html.indexOf('data-testid="scope-card-public"');
  expect(placeholder).toBeGreaterThan(-1);
  expect(card).toBeGreaterThan(placeholder);

  await page.goto('/');
  await expect(page.getByTestId('scope-card-local')).toBeVisible();
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
});
