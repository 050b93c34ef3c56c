import { expect, test } from '@playwright/test';
import { adminHeaders, assertFact, signInViaApi, uniqueSuffix } from '../support/api';

// write_mode, derived_from and the Stigmem-Session header, as the official SDK sends them, shown on the entity page.
test('a derived summary shows its provenance and session on the entity page', async ({ page, request }) => {
  const entity = `e2e:provenance:${uniqueSuffix()}`;
  const raw = await assertFact(request, { entity, relation: 'memory:raw', value: { type: 'string', v: 'notes' } });
  const created = await request.post('/v1/facts', {
    headers: { ...adminHeaders, 'Stigmem-Session': 'sess-e2e-7' },
    data: { entity, relation: 'memory:summary', value: { type: 'text', v: 'the gist' }, source: 'agent:sdk', scope: 'local', write_mode: 'summarize_with_provenance', derived_from: [{ fact_id: raw.id }] },
  });
  expect(created.status()).toBe(201);
  const summary = (await created.json()) as { id: string };

  await signInViaApi(page);
  await page.goto(`/entities/${encodeURIComponent(entity)}`);
  const provenance = page.getByTestId(`fact-row-${summary.id}`).getByTestId('fact-provenance');
  await expect(provenance).toContainText('derived summary');
  await expect(provenance).toContainText(`derived from ${raw.id}`);
  await expect(provenance).toContainText('session sess-e2e-7');
  await expect(page.getByTestId(`fact-row-${raw.id}`).getByTestId('fact-provenance')).toHaveCount(0);
});
