import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { assertFact, createConflict, createKey, signInViaApi, uniqueSuffix } from '../support/api';
import { csvRecords } from '../support/csv';
import { createOneOfEachFinding } from '../support/lint-data';

// Export (issue 17): the download links of the findings, the conflict queue, the synthesis entries
// and the review history give files that parse and hold what the page shows, with its filters.

async function download(page: Page, name: RegExp): Promise<{ filename: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { filename: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

test.describe('export', () => {
  test('findings: CSV and JSON hold the filtered rows of the scope page', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const entity = `e2e:export:${suffix}`;
    await createOneOfEachFinding(request, entity, suffix, 'bob, "the builder"');
    await signInViaApi(page);
    await page.goto(`/scopes/local?q=${encodeURIComponent(suffix)}`);
    const rows = page.getByTestId('finding-row');
    // Contradiction, stale, broken ref, and (Spec-20) the conflict fixture's bare `owner` relation.
    await expect(rows).toHaveCount(4);
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => `${tr.getAttribute('data-check')} ${tr.getAttribute('data-entity')}`));

    const csv = await download(page, /as CSV/);
    expect(csv.filename).toMatch(/^stigmem-findings-local-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = csvRecords(csv.text);
    expect(records.map((r) => `${r.check} ${r.entity}`)).toEqual(shown);
    expect(records.find((r) => r.check === 'broken_ref')?.ref_target).toBe(`e2e:missing:${suffix}`);

    const json = await download(page, /as JSON/);
    const findings = JSON.parse(json.text) as { check: string; entity: string; fact_ids: string[] }[];
    expect(findings.map((f) => `${f.check} ${f.entity}`)).toEqual(shown);

    // The filter narrows the export as it narrows the page.
    await page.goto(`/scopes/local?q=${encodeURIComponent(suffix)}&check=stale`);
    await expect(rows).toHaveCount(1);
    expect(csvRecords((await download(page, /as CSV/)).text).map((r) => r.check)).toEqual(['stale']);
  });

  test('the conflict queue, the synthesis entries and the review history', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const entity = `e2e:export-q:${suffix}`;
    const { conflictId } = await createConflict(request, entity, '=cmd|calc', 'plain');
    await assertFact(request, { entity, relation: 'memory:note', value: { type: 'text', v: 'two\nlines, "quoted"' } });
    await signInViaApi(page);

    await page.goto(`/conflicts?entity=${encodeURIComponent(entity)}`);
    await expect(page.getByTestId('conflict-row')).toHaveCount(1);
    const queue = csvRecords((await download(page, /this queue as CSV/)).text);
    expect(queue).toHaveLength(1);
    // One row per contradicted triple, values strongest first (equal confidence: the newer first); the formula neutralised.
    expect(queue[0]).toMatchObject({ conflict_id: conflictId, entity, live_values: '2', value_1: 'plain', value_2: "'=cmd|calc", status: 'unresolved' });
    expect(queue[0].contradiction_id).toMatch(/^stigmem:contradiction:/);
    const queueJson = JSON.parse((await download(page, /this queue as JSON/)).text) as { conflict_id: string; values: { fact: { value: { v: string } } }[] }[];
    expect(queueJson.map((c) => c.conflict_id)).toEqual([conflictId]);
    expect(queueJson[0]!.values[1].fact.value.v).toBe('=cmd|calc');

    await page.goto(`/synthesis?scope=local&entity=${encodeURIComponent(entity)}`);
    const tableRows = page.getByTestId('synthesis-row');
    await expect(tableRows).toHaveCount(2);
    const entries = csvRecords((await download(page, /these entries as CSV/)).text);
    expect(entries.map((e) => e.relation).sort()).toEqual((await tableRows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-relation')!))).sort());
    expect(entries.find((e) => e.relation === 'memory:note')?.value).toBe('two\nlines, "quoted"');

    await page.goto('/conflicts/history?days=7');
    const days = JSON.parse((await download(page, /numbers per day as JSON/)).text) as { day: string; detected: number }[];
    expect(days).toHaveLength(7);
    expect(days.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    expect(days.at(-1)!.detected).toBeGreaterThanOrEqual(1);
  });

  test('an export checks the key like the page does', async ({ page, request }) => {
    const reader = await createKey(request, { entity_uri: `e2e:export-reader:${uniqueSuffix()}`, permissions: ['read'], allowed_scopes: ['public'] });
    await signInViaApi(page, reader.key);
    expect((await page.request.get('/api/scopes/local/findings/export?format=csv')).status()).toBe(403);
    expect((await page.request.get('/api/synthesis/export?scope=local&format=json')).status()).toBe(403);
    const queue = await page.request.get('/api/conflicts/export?format=json&status=all&scope=local');
    expect(queue.status()).toBe(200);
    expect(await queue.json()).toEqual([]);
    await page.context().clearCookies();
    expect((await page.request.get('/api/conflicts/export?format=json')).status()).toBe(401);
  });
});
