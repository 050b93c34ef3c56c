import { expect, it } from 'vitest';
import { ContradictionList, FactBatch } from '@/lib/wire/records';
import { advanceClock, api, describeHttp, expectBody, expectError, uniqueEntity, wireFact } from '../harness';

// The review queue's order and place (GET /v1/conflicts?group=triple): sort by triple, by number of
// values and by opening time, either way; every page knows the total and how many rows came before it.

type Query = Record<string, string | number | undefined>;

async function page(query: Query) {
  return expectBody(await api.get('/v1/conflicts', { query: { group: 'triple', status: 'unresolved', ...query } }), 200, ContradictionList);
}

/** Every page of a view, `limit` at a time, with each page's offset and total. */
async function walk(query: Query, limit: number) {
  const relations: string[] = [];
  const places: { offset: number; total: number }[] = [];
  let cursor: string | null = null;
  do {
    const p: Awaited<ReturnType<typeof page>> = await page({ ...query, limit, cursor: cursor ?? undefined });
    relations.push(...p.contradictions.map((c) => c.relation));
    places.push({ offset: p.offset, total: p.total });
    cursor = p.cursor;
  } while (cursor);
  return { relations, places };
}

/** Five contradicted triples on one entity: memory:a … memory:e, opened in that order, with 2, 4, 3, 2, 5 values. */
async function fiveTriples() {
  const entity = uniqueEntity('order');
  const sizes: [string, number][] = [['memory:a', 2], ['memory:b', 4], ['memory:c', 3], ['memory:d', 2], ['memory:e', 5]];
  for (const [relation, n] of sizes) {
    const facts = Array.from({ length: n }, (_, i) => wireFact(entity, `v${i}`, { relation }));
    expectBody(await api.post('/v1/facts', { facts }), 201, FactBatch);
    advanceClock(5);
  }
  return entity;
}

describeHttp('the review queue: order, total and place', () => {
  it('sorts by triple, by values and by opening, each way, server-side across pages', async () => {
    const entity = await fiveTriples();
    const cases: [Query, string[]][] = [
      [{ sort: 'triple' }, ['memory:a', 'memory:b', 'memory:c', 'memory:d', 'memory:e']],
      [{ sort: 'triple', dir: 'desc' }, ['memory:e', 'memory:d', 'memory:c', 'memory:b', 'memory:a']],
      // Most values first; a tie (a and d, 2 each) newest first.
      [{ sort: 'values' }, ['memory:e', 'memory:b', 'memory:c', 'memory:d', 'memory:a']],
      [{ sort: 'values', dir: 'asc' }, ['memory:a', 'memory:d', 'memory:c', 'memory:b', 'memory:e']],
      [{ sort: 'detection' }, ['memory:e', 'memory:d', 'memory:c', 'memory:b', 'memory:a']],
      [{ sort: 'detection', dir: 'asc' }, ['memory:a', 'memory:b', 'memory:c', 'memory:d', 'memory:e']],
      [{ sort: 'age' }, ['memory:a', 'memory:b', 'memory:c', 'memory:d', 'memory:e']],
    ];
    for (const [query, expected] of cases) {
      expect((await page({ entity, ...query, limit: 50 })).contradictions.map((c) => c.relation), JSON.stringify(query)).toEqual(expected);
      const walked = await walk({ entity, ...query }, 2);
      expect(walked.relations, `paged ${JSON.stringify(query)}`).toEqual(expected);
      expect(walked.places).toEqual([{ offset: 0, total: 5 }, { offset: 2, total: 5 }, { offset: 4, total: 5 }]);
    }
  });

  it('counts the place from the list as it is now: decided rows before the page no longer count', async () => {
    const entity = await fiveTriples();
    const first = await page({ entity, sort: 'triple', limit: 2 });
    expect(first).toMatchObject({ total: 5 });
    // The first page's rows are decided; the next page starts where it would have, now at offset 0 of 3.
    for (const c of first.contradictions) expect((await api.post(`/v1/conflicts/${encodeURIComponent(c.contradiction_id)}/dismiss`, {})).status).toBe(200);
    const second = await page({ entity, sort: 'triple', limit: 2, cursor: first.cursor! });
    expect(second.contradictions.map((c) => c.relation)).toEqual(['memory:c', 'memory:d']);
    expect(second).toMatchObject({ total: 3, offset: 0 });
  });

  it('refuses a cursor of another order or direction, and sort=values for conflicts', async () => {
    const entity = await fiveTriples();
    const { cursor } = await page({ entity, sort: 'triple', limit: 1 });
    expectError(await api.get('/v1/conflicts', { query: { entity, group: 'triple', sort: 'triple', dir: 'desc', cursor: cursor! } }), 422, 'invalid_cursor');
    expectError(await api.get('/v1/conflicts', { query: { entity, group: 'triple', sort: 'values', cursor: cursor! } }), 422, 'invalid_cursor');
    expectError(await api.get('/v1/conflicts', { query: { entity, sort: 'values' } }), 422, 'invalid_sort');
    expectError(await api.get('/v1/conflicts', { query: { entity, group: 'triple', dir: 'up' } }), 422, 'validation_error');
    expectError(await api.get('/v1/conflicts', { query: { entity, group: 'triple', sort: 'size' } }), 422, 'validation_error');
  });
});
