import { expect, it } from 'vitest';
import { ConflictList, DismissResponse, FactBatch, ResolveResponse } from '@/lib/wire/records';
import { advanceClock, api, createKey, describeHttp, expectBody, expectError, openConflict, uniqueEntity, wireFact } from '../harness';

// GET /v1/conflicts: status and scope filters, paging, and only the scopes the key may read.

type Query = Record<string, string | number | undefined>;

async function list(query: Query, key?: string) {
  return expectBody(await api.get('/v1/conflicts', { query, key }), 200, ConflictList);
}

const ids = (page: { conflicts: { conflict_id: string }[] }) => page.conflicts.map((c) => c.conflict_id);

describeHttp('GET /v1/conflicts', () => {
  it('filters by status: unresolved, resolved (dismissals included), dismissed, all (default)', async () => {
    const entity = uniqueEntity('status');
    const open = await openConflict({ entity, relation: 'memory:open' });
    const resolved = await openConflict({ entity, relation: 'memory:resolved' });
    const dismissed = await openConflict({ entity, relation: 'memory:dismissed' });
    expectBody(await api.post(`/v1/conflicts/${resolved.conflict.conflict_id}/resolve`, { winning_fact_id: resolved.red.id }), 200, ResolveResponse);
    expectBody(await api.post(`/v1/conflicts/${dismissed.conflict.conflict_id}/dismiss`, {}), 200, DismissResponse);
    const [o, r, d] = [open, resolved, dismissed].map((c) => c.conflict.conflict_id);
    expect(ids(await list({ entity, status: 'unresolved' }))).toEqual([o]);
    expect(ids(await list({ entity, status: 'resolved' })).sort()).toEqual([r, d].sort());
    expect(ids(await list({ entity, status: 'dismissed' }))).toEqual([d]);
    expect(ids(await list({ entity, status: 'all' })).sort()).toEqual([o, r, d].sort());
    expect(ids(await list({ entity })).sort()).toEqual([o, r, d].sort());
    expect(ids(await list({ entity, relation: 'memory:resolved' }))).toEqual([r]);
  });

  it('carries both facts of each conflict, newest detection first', async () => {
    const entity = uniqueEntity('records');
    const first = await openConflict({ entity, relation: 'memory:first' });
    // Detection times have millisecond precision: make sure the two differ.
    advanceClock(5);
    const second = await openConflict({ entity, relation: 'memory:second' });
    const { conflicts } = await list({ entity });
    expect(conflicts.map((c) => c.conflict_id)).toEqual([second.conflict.conflict_id, first.conflict.conflict_id]);
    expect(conflicts[1]).toMatchObject({ entity, relation: 'memory:first', scope: 'local', status: 'unresolved', resolved_by: null, resolution_basis: null });
    expect(conflicts[1].fact_a).toEqual({ ...first.red, contradicted: true });
    expect(conflicts[1].fact_b).toEqual({ ...first.blue, contradicted: true });
  });

  it('filters by scope and shows only the scopes the key may read', async () => {
    const entity = uniqueEntity('scopes');
    const local = await openConflict({ entity, scope: 'local' });
    const team = await openConflict({ entity, scope: 'team' });
    expect(ids(await list({ entity, scope: 'team' }))).toEqual([team.conflict.conflict_id]);
    expect(ids(await list({ entity, scope: 'local' }))).toEqual([local.conflict.conflict_id]);
    const teamReader = await createKey(['read'], ['team']);
    expect(ids(await list({ entity }, teamReader.key))).toEqual([team.conflict.conflict_id]);
    expectError(await api.get('/v1/conflicts', { query: { entity, scope: 'local' }, key: teamReader.key }), 403, 'forbidden');
    const noScopes = await createKey(['admin'], []);
    expect(ids(await list({ entity }, noScopes.key))).toEqual([]);
    expectError(await api.get('/v1/conflicts', { key: null }), 401, 'unauthorized');
  });

  it('pages with the cursor without duplicates or gaps', async () => {
    const entity = uniqueEntity('paging');
    const facts = Array.from({ length: 7 }, (_, i) => [wireFact(entity, 'red', { relation: `memory:r${i}` }), wireFact(entity, 'blue', { relation: `memory:r${i}` })]).flat();
    expectBody(await api.post('/v1/facts', { facts }), 201, FactBatch);
    const everything = ids(await list({ entity, limit: 500 }));
    expect(everything).toHaveLength(7);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { conflicts: { conflict_id: string }[]; cursor: string | null } = await list({ entity, limit: 3, cursor: cursor ?? undefined });
      seen.push(...ids(page));
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(everything);
  });

  it.each(['detection', 'age', 'queue'])('keeps its place while the queue changes (sort=%s): nothing skipped, nothing repeated', async (sort) => {
    const entity = uniqueEntity('queue');
    const opened: string[] = [];
    for (let i = 0; i < 7; i++) {
      opened.push((await openConflict({ entity, relation: `memory:q${i}` })).conflict.conflict_id);
      advanceClock(3);
    }
    const first = await list({ entity, status: 'unresolved', limit: 3, sort });
    const seen = ids(first);
    // The lead decides the first two items of the page, and a new contradiction arrives.
    for (const id of seen.slice(0, 2)) expectBody(await api.post(`/v1/conflicts/${id}/dismiss`, {}), 200, DismissResponse);
    const arrived = (await openConflict({ entity, relation: 'memory:late' })).conflict.conflict_id;
    let cursor = first.cursor;
    while (cursor) {
      const page = await list({ entity, status: 'unresolved', limit: 3, sort, cursor });
      seen.push(...ids(page));
      cursor = page.cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => id !== arrived).sort()).toEqual(opened.sort());
  });

  it('refuses a cursor issued for another sort order', async () => {
    const entity = uniqueEntity('sorts');
    for (let i = 0; i < 3; i++) await openConflict({ entity, relation: `memory:s${i}` });
    const { cursor } = await list({ entity, limit: 1, sort: 'age' });
    expectError(await api.get('/v1/conflicts', { query: { entity, limit: 1, sort: 'detection', cursor: cursor! } }), 422, 'invalid_cursor');
  });

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  type Case = [name: string, status: number, code: string, query: Query];
  const cases: Case[] = [
    ['an unknown status', 422, 'validation_error', { status: 'open' }],
    ['an unknown scope', 422, 'validation_error', { scope: 'galaxy' }],
    ['limit 501', 422, 'validation_error', { limit: 501 }],
    ['limit 0', 422, 'validation_error', { limit: 0 }],
    ['a garbage cursor', 422, 'invalid_cursor', { cursor: '%%%' }],
    ['a cursor of the wrong shape', 422, 'invalid_cursor', { cursor: b64(['x']) }],
    ['a cursor with a bad date', 422, 'invalid_cursor', { cursor: b64(['not a date', 'stigmem:conflict:x']) }],
    ['a blank entity', 422, 'validation_error', { entity: '  ' }],
  ];

  it.each(cases)('rejects %s with %i %s', async (_name, status, code, query) => {
    expectError(await api.get('/v1/conflicts', { query }), status, code);
  });
});
