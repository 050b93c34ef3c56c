import { expect, it } from 'vitest';
import { FactBatch, FactList, FactRecord } from '@/lib/wire/records';
import { api, createKey, describeHttp, expectBody, expectError, uniqueEntity, wireFact, type WireFact } from '../harness';
import { compareHlcText } from '../harness/hlc';

// GET /v1/facts (every filter, paging, limits) and GET /v1/facts/:id.

type Query = Record<string, string | number | boolean | undefined>;

async function list(query: Query, key?: string) {
  return expectBody(await api.get('/v1/facts', { query, key }), 200, FactList);
}

async function writeBatch(facts: WireFact[]) {
  return expectBody(await api.post('/v1/facts', { facts }), 201, FactBatch).facts;
}

const ids = (facts: { id: string }[]) => facts.map((f) => f.id);

describeHttp('GET /v1/facts', () => {
  it('lists rows newest first by HLC, history and retractions included', async () => {
    const entity = uniqueEntity('history');
    const written = [];
    for (const [value, confidence] of [['a', 1], ['b', 0.6], ['a', 0.8], ['b', 0]] as const) {
      written.push(expectBody(await api.post('/v1/facts', wireFact(entity, value, { confidence })), 201, FactRecord));
    }
    const { facts, cursor } = await list({ entity, include_contradicted: true });
    expect(ids(facts)).toEqual(ids(written).reverse());
    expect(cursor).toBeNull();
    for (let i = 1; i < facts.length; i++) expect(compareHlcText(facts[i - 1].hlc, facts[i].hlc)).toBeGreaterThan(0);
  });

  it('filters by entity, relation, source and scope', async () => {
    const entity = uniqueEntity('filters');
    const other = uniqueEntity('filters-other');
    const [a, b, c, d] = await writeBatch([
      wireFact(entity, 'x', { relation: 'memory:one' }),
      wireFact(entity, 'y', { relation: 'memory:two', source: 'stigmem://test/other-agent' }),
      wireFact(entity, 'z', { relation: 'memory:one', scope: 'team' }),
      wireFact(other, 'x', { relation: 'memory:one' }),
    ]);
    expect(ids((await list({ entity })).facts).sort()).toEqual(ids([a, b, c]).sort());
    expect(ids((await list({ entity, relation: 'memory:one' })).facts).sort()).toEqual(ids([a, c]).sort());
    expect(ids((await list({ entity, source: 'stigmem://test/other-agent' })).facts)).toEqual([b.id]);
    expect(ids((await list({ entity, scope: 'team' })).facts)).toEqual([c.id]);
    expect(ids((await list({ relation: 'memory:one', entity: other })).facts)).toEqual([d.id]);
  });

  it('filters by min_confidence (default 0.0 includes retractions)', async () => {
    const entity = uniqueEntity('confidence');
    const [high, low, retraction] = await writeBatch([
      wireFact(entity, 'a', { relation: 'memory:a' }),
      wireFact(entity, 'b', { relation: 'memory:b', confidence: 0.4 }),
      wireFact(entity, 'c', { relation: 'memory:c', confidence: 0 }),
    ]);
    expect(ids((await list({ entity })).facts).sort()).toEqual(ids([high, low, retraction]).sort());
    expect(ids((await list({ entity, min_confidence: 0.4 })).facts).sort()).toEqual(ids([high, low]).sort());
    expect(ids((await list({ entity, min_confidence: 0.5 })).facts)).toEqual([high.id]);
    expect(ids((await list({ entity, min_confidence: 1 })).facts)).toEqual([high.id]);
  });

  it('filters by after (timestamp strictly later)', async () => {
    const entity = uniqueEntity('after');
    const hour = 3_600_000;
    const base = Date.now() - 10 * hour;
    const imported = expectBody(
      await api.post('/v1/facts/import', {
        facts: [1, 2, 3].map((n) => wireFact(entity, `v${n}`, { relation: `memory:r${n}`, timestamp: new Date(base + n * hour).toISOString() })),
      }),
      201,
      FactBatch,
    ).facts;
    expect(ids((await list({ entity, after: new Date(base + 2 * hour).toISOString() })).facts)).toEqual([imported[2].id]);
    expect(ids((await list({ entity, after: new Date(base + 1.5 * hour).toISOString() })).facts).sort()).toEqual(ids(imported.slice(1)).sort());
    expect((await list({ entity, after: new Date(base + 3 * hour).toISOString() })).facts).toEqual([]);
  });

  it('hides contradicted live heads unless include_contradicted=true', async () => {
    const entity = uniqueEntity('contra');
    const [calm] = await writeBatch([wireFact(entity, 'quiet', { relation: 'memory:calm' })]);
    const [red, blue] = await writeBatch([wireFact(entity, 'red'), wireFact(entity, 'blue')]);
    expect(ids((await list({ entity })).facts)).toEqual([calm.id]);
    const all = (await list({ entity, include_contradicted: true })).facts;
    expect(ids(all).sort()).toEqual(ids([calm, red, blue]).sort());
    expect(all.filter((f) => f.contradicted).map((f) => f.id).sort()).toEqual(ids([red, blue]).sort());
    expect(ids((await list({ entity, include_contradicted: 'false' })).facts)).toEqual([calm.id]);
  });

  it('hides rows whose valid_until has passed unless include_expired=true', async () => {
    const entity = uniqueEntity('expiry');
    const [past, future, forever] = await writeBatch([
      wireFact(entity, 'old', { relation: 'memory:a', valid_until: new Date(Date.now() - 60_000).toISOString() }),
      wireFact(entity, 'soon', { relation: 'memory:b', valid_until: new Date(Date.now() + 3_600_000).toISOString() }),
      wireFact(entity, 'always', { relation: 'memory:c' }),
    ]);
    expect(ids((await list({ entity })).facts).sort()).toEqual(ids([future, forever]).sort());
    expect(ids((await list({ entity, include_expired: true })).facts).sort()).toEqual(ids([past, future, forever]).sort());
  });

  it('pages with the cursor: stable order, no duplicates, no gaps, also while new facts arrive', async () => {
    const entity = uniqueEntity('paging');
    await writeBatch(Array.from({ length: 23 }, (_, i) => wireFact(entity, `v${i}`, { relation: `memory:r${i % 7}` })));
    const everything = ids((await list({ entity, limit: 500, include_contradicted: true })).facts);
    expect(everything).toHaveLength(23);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { facts: { id: string }[]; cursor: string | null } = await list({ entity, limit: 5, cursor: cursor ?? undefined, include_contradicted: true });
      seen.push(...ids(page.facts));
      cursor = page.cursor;
      if (++pages === 2) await writeBatch([wireFact(entity, 'late', { relation: 'memory:late' })]);
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(everything);
  });

  it('returns at most 50 rows by default and up to 500 on request', async () => {
    const entity = uniqueEntity('limits');
    await writeBatch(Array.from({ length: 501 }, (_, i) => wireFact(entity, `v${i}`, { relation: `memory:r${i}` })));
    const byDefault = await list({ entity });
    expect(byDefault.facts).toHaveLength(50);
    expect(byDefault.cursor).not.toBeNull();
    const max = await list({ entity, limit: 500 });
    expect(max.facts).toHaveLength(500);
    const rest = await list({ entity, limit: 500, cursor: max.cursor! });
    expect(rest.facts).toHaveLength(1);
    expect(rest.cursor).toBeNull();
    expect(ids(max.facts).slice(0, 50)).toEqual(ids(byDefault.facts));
  });

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  type Case = [name: string, status: number, code: string, query: Query];
  const cases: Case[] = [
    ['limit 501', 422, 'validation_error', { limit: 501 }],
    ['limit 0', 422, 'validation_error', { limit: 0 }],
    ['limit that is not a number', 422, 'validation_error', { limit: 'ten' }],
    ['fractional limit', 422, 'validation_error', { limit: 2.5 }],
    ['garbage cursor', 422, 'invalid_cursor', { cursor: 'not-a-cursor!' }],
    ['cursor of the wrong shape', 422, 'invalid_cursor', { cursor: b64({ wall: 1 }) }],
    ['cursor with a non-numeric wall', 422, 'invalid_cursor', { cursor: b64(['abc', 1, 'x']) }],
    ['cursor with a non-numeric counter', 422, 'invalid_cursor', { cursor: b64(['1700000000000', 'x', 'x']) }],
    ['cursor with a counter beyond int range', 422, 'invalid_cursor', { cursor: b64(['1700000000000', 2 ** 40, 'x']) }],
    ['cursor with a wall beyond bigint range', 422, 'invalid_cursor', { cursor: b64(['99999999999999999999999', 1, 'x']) }],
    ['min_confidence above 1', 422, 'validation_error', { min_confidence: 1.5 }],
    ['min_confidence not a number', 422, 'validation_error', { min_confidence: 'high' }],
    ['after not ISO', 422, 'validation_error', { after: 'yesterday' }],
    ['after in year 0', 422, 'validation_error', { after: '0000-06-01T00:00:00Z' }],
    ['unknown scope', 422, 'validation_error', { scope: 'galaxy' }],
    ['include_expired not a boolean', 422, 'validation_error', { include_expired: 'maybe' }],
    ['include_contradicted not a boolean', 422, 'validation_error', { include_contradicted: 'yes please' }],
    ['blank entity', 400, 'invalid_entity_uri', { entity: '   ' }],
    ['an entity with a NUL character', 422, 'validation_error', { entity: 'stigmem://x\u0000' }],
    ['a relation with a NUL character', 422, 'validation_error', { relation: '\u0000' }],
    ['blank source', 400, 'invalid_entity_uri', { source: ' ' }],
  ];

  it.each(cases)('rejects %s with %i %s', async (_name, status, code, query) => {
    expectError(await api.get('/v1/facts', { query }), status, code);
  });

  it('shows only the scopes the key may read', async () => {
    const entity = uniqueEntity('scoped');
    const [local, team] = await writeBatch([wireFact(entity, 'l'), wireFact(entity, 't', { scope: 'team', relation: 'memory:t' })]);
    const teamReader = await createKey(['read'], ['team']);
    const noScopes = await createKey(['read'], []);
    expect(ids((await list({ entity }, teamReader.key)).facts)).toEqual([team.id]);
    expect(ids((await list({ entity }, undefined)).facts).sort()).toEqual(ids([local, team]).sort());
    expect((await list({ entity }, noScopes.key)).facts).toEqual([]);
    expectError(await api.get('/v1/facts', { query: { entity, scope: 'local' }, key: teamReader.key }), 403, 'forbidden');
    expectError(await api.get('/v1/facts', { query: { entity }, key: null }), 401, 'unauthorized');
  });
});

describeHttp('GET /v1/facts/:id', () => {
  it('answers the record, 404 for an unknown id and 404 for a scope the key cannot read', async () => {
    const entity = uniqueEntity('by-id');
    const [local, team] = await writeBatch([wireFact(entity, 'l'), wireFact(entity, 't', { scope: 'team', relation: 'memory:t' })]);
    expect(expectBody(await api.get(`/v1/facts/${local.id}`), 200, FactRecord)).toEqual(local);
    expectError(await api.get('/v1/facts/00000000-0000-4000-8000-000000000000'), 404, 'fact_not_found');
    const localReader = await createKey(['read'], ['local']);
    expect(expectBody(await api.get(`/v1/facts/${local.id}`, { key: localReader.key }), 200, FactRecord).id).toBe(local.id);
    expectError(await api.get(`/v1/facts/${team.id}`, { key: localReader.key }), 404, 'fact_not_found');
    expectError(await api.get(`/v1/facts/${local.id}`, { key: null }), 401, 'unauthorized');
    expectError(await api.get('/v1/facts/bad%00id'), 422, 'validation_error');
  });

  it('reports contradicted on a live head of a triple with an unresolved conflict', async () => {
    const entity = uniqueEntity('by-id-contra');
    const [red, blue] = await writeBatch([wireFact(entity, 'red'), wireFact(entity, 'blue')]);
    expect(expectBody(await api.get(`/v1/facts/${red.id}`), 200, FactRecord).contradicted).toBe(true);
    expect(expectBody(await api.get(`/v1/facts/${blue.id}`), 200, FactRecord).contradicted).toBe(true);
  });
});
