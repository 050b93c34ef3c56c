import { expect, it } from 'vitest';
import { ConflictList, FactBatch, FactList, FactRecord } from '@/lib/wire/records';
import { api, createKey, describeHttp, expectBody, expectError, hlcText, uid, uniqueEntity, wireFact, type WireFact } from '../harness';
import { liveValues } from '../harness/db-state';
import { compareHlcText } from '../harness/hlc';

// POST /v1/facts/import (admin): keeps id, timestamp and hlc; the same conflict semantics as asserts.

async function importFacts(facts: WireFact[], key?: string) {
  return expectBody(await api.post('/v1/facts/import', { facts }, { key }), 201, FactBatch).facts;
}

async function conflictsOf(entity: string) {
  return expectBody(await api.get('/v1/conflicts', { query: { entity, status: 'all' } }), 200, ConflictList).conflicts;
}

const HOUR = 3_600_000;

describeHttp('POST /v1/facts/import', () => {
  it('is for admin keys only', async () => {
    const entity = uniqueEntity('import-authz');
    const writer = await createKey(['write'], ['local']);
    expectError(await api.post('/v1/facts/import', { facts: [wireFact(entity, 'v')] }, { key: writer.key }), 403, 'forbidden');
    const localAdmin = await createKey(['admin'], ['local']);
    expectError(await api.post('/v1/facts/import', { facts: [wireFact(entity, 'v', { scope: 'team' })] }, { key: localAdmin.key }), 403, 'forbidden');
    expectError(await api.post('/v1/facts/import', { facts: [wireFact(entity, 'v')] }, { key: null }), 401, 'unauthorized');
    expect(await importFacts([wireFact(entity, 'v')], localAdmin.key)).toHaveLength(1);
  });

  it('keeps the given id, timestamp and hlc', async () => {
    const entity = uniqueEntity('import-keep');
    const id = `legacy-${uid()}`;
    const wall = Date.now() - 48 * HOUR;
    const given = wireFact(entity, 'kept', { id, timestamp: '2025-01-01T00:00:00.000Z', hlc: hlcText(wall, 7) });
    const [fact] = await importFacts([given]);
    // Kept as the same instant, in the one wire form (no milliseconds when they are zero).
    expect(fact).toMatchObject({ id, entity, timestamp: '2025-01-01T00:00:00Z', hlc: hlcText(wall, 7), value: { type: 'string', v: 'kept' } });
    expect(expectBody(await api.get(`/v1/facts/${id}`), 200, FactRecord)).toEqual(fact);
    const [defaulted] = await importFacts([wireFact(entity, 'fresh', { relation: 'memory:other' })]);
    expect(defaulted.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Date.parse(defaulted.timestamp) - Date.now())).toBeLessThan(60_000);
  });

  it('finds a fact whose id holds percent signs', async () => {
    const entity = uniqueEntity('import-pct');
    const id = `legacy%41-${uid()}`;
    await importFacts([wireFact(entity, 'v', { id })]);
    expect(expectBody(await api.get(`/v1/facts/${encodeURIComponent(id)}`), 200, FactRecord).id).toBe(id);
  });

  it('refuses an id that already exists with 409 and writes nothing of the batch', async () => {
    const entity = uniqueEntity('import-dup');
    const id = `dup-${uid()}`;
    await importFacts([wireFact(entity, 'first', { id })]);
    const res = await api.post('/v1/facts/import', { facts: [wireFact(entity, 'other', { relation: 'memory:x' }), wireFact(entity, 'second', { id })] });
    expectError(res, 409, 'duplicate_fact_id');
    const ids = [`twice-${uid()}`];
    const inBatch = await api.post('/v1/facts/import', { facts: [wireFact(entity, 'a', { id: ids[0], relation: 'memory:y' }), wireFact(entity, 'b', { id: ids[0], relation: 'memory:y' })] });
    expect(expectError(inBatch, 422, 'validation_error').detail).toContain('facts[1]');
    const facts = expectBody(await api.get('/v1/facts', { query: { entity, include_expired: true, include_contradicted: true } }), 200, FactList).facts;
    expect(facts.map((f) => f.value)).toEqual([{ type: 'string', v: 'first' }]);
  });

  type Case = [name: string, status: number, code: string, body: unknown];
  const bad: Case[] = [
    ['a single fact instead of {facts}', 422, 'validation_error', wireFact('stigmem://test/x', 'v')],
    ['an empty batch', 422, 'validation_error', { facts: [] }],
    ['an id with a slash', 422, 'validation_error', { facts: [wireFact('stigmem://test/x', 'v', { id: 'a/b' })] }],
    ['an hlc that is not an HLC', 422, 'validation_error', { facts: [wireFact('stigmem://test/x', 'v', { hlc: 'yesterday' })] }],
    ['an hlc more than 5 minutes ahead', 422, 'validation_error', { facts: [wireFact('stigmem://test/x', 'v', { hlc: hlcText(Date.now() + HOUR) })] }],
    ['a timestamp that is not ISO', 422, 'validation_error', { facts: [wireFact('stigmem://test/x', 'v', { timestamp: '01/01/2025' })] }],
    ['1,001 facts', 413, 'batch_too_large', { facts: Array.from({ length: 1001 }, () => wireFact('stigmem://test/x', 'v')) }],
  ];

  it.each(bad)('rejects %s with %i %s', async (_name, status, code, body) => {
    expectError(await api.post('/v1/facts/import', body), status, code);
  });

  it('records conflicts for imported values, among themselves and against asserted ones, each value once against the first', async () => {
    const entity = uniqueEntity('import-conflict');
    const [red, blue] = await importFacts([wireFact(entity, 'red', { hlc: hlcText(Date.now() - 2 * HOUR) }), wireFact(entity, 'blue', { hlc: hlcText(Date.now() - HOUR) })]);
    const asserted = expectBody(await api.post('/v1/facts', wireFact(entity, 'green')), 201, FactRecord);
    const conflicts = await conflictsOf(entity);
    const pairs = conflicts.map((c) => [c.fact_a?.id, c.fact_b?.id].sort().join(' ')).sort();
    expect(pairs).toEqual([[red.id, blue.id], [red.id, asserted.id]].map((p) => p.sort().join(' ')).sort());
    expect(new Set(conflicts.map((c) => c.contradiction_id)).size).toBe(1);
    expect(conflicts.every((c) => c.status === 'unresolved')).toBe(true);
  });

  it('orders value heads by hlc, not by arrival (back-dated history)', async () => {
    const entity = uniqueEntity('import-backdated');
    const now = Date.now();
    // The newer assertion arrives first; the older retraction of the same value must not win.
    await importFacts([wireFact(entity, 'red', { hlc: hlcText(now - HOUR) })]);
    await importFacts([wireFact(entity, 'red', { hlc: hlcText(now - 2 * HOUR), confidence: 0 })]);
    expect(await liveValues(entity)).toEqual(['red']);
    // A back-dated assertion of another value older than a retraction of the whole triple stays retracted.
    await importFacts([wireFact(entity, 'never-said', { hlc: hlcText(now - 30 * 60_000), confidence: 0 })]);
    expect(await liveValues(entity)).toEqual([]);
    await importFacts([wireFact(entity, 'blue', { hlc: hlcText(now - 45 * 60_000) })]);
    expect(await liveValues(entity)).toEqual([]);
    expect(await conflictsOf(entity)).toEqual([]);
    // A later assertion makes its value live again.
    await importFacts([wireFact(entity, 'blue', { hlc: hlcText(now - 10 * 60_000) })]);
    expect(await liveValues(entity)).toEqual(['blue']);
  });

  it('keeps an imported hlc this node already issued: the tie goes by fact id, and the next write passes both', async () => {
    // Another node's HLC may equal one this node issued before it arrived; import keeps it anyway.
    for (const [prefix, live] of [['zz', []], ['00', ['v']]] as const) {
      const entity = uniqueEntity(`import-tie-${prefix}`);
      const asserted = expectBody(await api.post('/v1/facts', wireFact(entity, 'v')), 201, FactRecord);
      // A retraction of the same value at the same HLC: the larger id is the head ('zz…' sorts after a UUID, '00…' before).
      const [retraction] = await importFacts([wireFact(entity, 'v', { hlc: asserted.hlc, confidence: 0, id: `${prefix}-${uid()}` })]);
      expect(retraction.hlc).toBe(asserted.hlc);
      expect(await liveValues(entity)).toEqual(live);
      const next = expectBody(await api.post('/v1/facts', wireFact(entity, 'w', { relation: 'memory:next' })), 201, FactRecord);
      expect(compareHlcText(next.hlc, asserted.hlc)).toBeGreaterThan(0);
    }
  });

  it('moves the node clock past an imported hlc, so later writes sort after it', async () => {
    const entity = uniqueEntity('import-clock');
    // A few seconds ahead of the node's clock is enough to outrun it, and keeps later tests on a
    // shared database from seeing timestamps far in the future. The node's clock, not the physical
    // one: other files on a shared database may have moved it ahead with imports of their own.
    const before = expectBody(await api.post('/v1/facts', wireFact(entity, 'before', { relation: 'memory:before' })), 201, FactRecord);
    const aheadWall = Math.max(Date.now(), Number(before.hlc.split('.')[0])) + 3000;
    const ahead = hlcText(aheadWall, 5);
    await importFacts([wireFact(entity, 'future', { hlc: ahead })]);
    const next = expectBody(await api.post('/v1/facts', wireFact(entity, 'next', { relation: 'memory:next' })), 201, FactRecord);
    expect(compareHlcText(next.hlc, ahead)).toBeGreaterThan(0);
    if (Date.now() < aheadWall) expect(next.hlc, 'the next HLC after the imported one').toBe(hlcText(aheadWall, 6));
  });
});
