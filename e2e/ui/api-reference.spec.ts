import { expect, test } from '@playwright/test';
import { signInViaApi } from '../support/api';

// The API reference page renders GET /v1/openapi.json: every operation of the document, with the
// permission it declares, and a link to the JSON itself.

test('the API reference shows every operation of /v1/openapi.json with its permission', async ({ page, request }) => {
  const res = await request.get('/v1/openapi.json');
  expect(res.status()).toBe(200);
  const doc = (await res.json()) as { paths: Record<string, Record<string, { 'x-stigmem-permission': string }>> };
  const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ label: `${method.toUpperCase()} ${path}`, permission: op['x-stigmem-permission'] })));
  expect(operations.length).toBeGreaterThan(50);

  await signInViaApi(page);
  await page.goto('/node');
  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(page.getByTestId('api-operation')).toHaveCount(operations.length);
  for (const { label, permission } of operations.filter((op) => ['GET /v1/facts', 'POST /v1/auth/keys', 'GET /v1/openapi.json'].includes(op.label))) {
    const card = page.getByRole('article', { name: label, exact: true });
    await expect(card.getByTestId('api-permission')).toHaveText(permission);
  }
  // An operation opens to its parameters.
  const facts = page.getByRole('article', { name: 'GET /v1/facts', exact: true });
  const parameters = facts.getByRole('table', { name: 'Parameters of GET /v1/facts' });
  await expect(parameters).toBeHidden();
  await facts.locator('summary').click();
  await expect(parameters.getByRole('rowheader', { name: 'as_of', exact: true })).toBeVisible();
  // …and to its success answer's fields, from the route's declared response schema.
  const answer = facts.getByRole('table', { name: 'Fields of the 200 answer of GET /v1/facts' });
  for (const field of ['facts', 'total', 'cursor']) await expect(answer.getByRole('rowheader', { name: field, exact: true })).toBeVisible();
  // A write's answer is its 201 (one fact or a batch: the two shapes, by name).
  const write = page.getByRole('article', { name: 'POST /v1/facts', exact: true });
  await write.locator('summary').click();
  await expect(write.getByRole('heading', { name: '201 answer' })).toBeVisible();
  await expect(write.getByRole('heading', { name: '200 answer' })).toHaveCount(0);
  const one = write.getByRole('table', { name: 'Fields of the 201 answer of POST /v1/facts, shape 1' });
  const batch = write.getByRole('table', { name: 'Fields of the 201 answer of POST /v1/facts, shape 2' });
  await expect(one.getByRole('rowheader', { name: 'hlc', exact: true })).toBeVisible();
  await expect(batch.getByRole('rowheader', { name: 'facts', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'OpenAPI 3.1 JSON' })).toHaveAttribute('href', '/v1/openapi.json');
});
