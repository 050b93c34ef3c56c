import { expect, it } from 'vitest';
import { FactBatch, FactList, FactRecord } from '@/lib/wire/records';
import { api, createKey, describeHttp, expectBody, expectError, uid, uniqueEntity, wireFact, type WireValue } from '../harness';

// POST /v1/facts: single and batch asserts, defaults, normalization, and every rejection.

const MAX_BYTES = 64 * 1024;

async function factsOf(entity: string) {
  return expectBody(await api.get('/v1/facts', { query: { entity, include_contradicted: true, include_expired: true } }), 200, FactList).facts;
}

describeHttp('POST /v1/facts', () => {
  it('writes one fact and answers 201 with the full record and the defaults', async () => {
    const entity = uniqueEntity('single');
    const before = Date.now();
    const fact = expectBody(await api.post('/v1/facts', wireFact(entity, 'green')), 201, FactRecord);
    expect(fact).toMatchObject({ entity, relation: 'memory:status', value: { type: 'string', v: 'green' }, confidence: 1, scope: 'local', valid_until: null, contradicted: false });
    expect(fact.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(fact.timestamp)).toBeGreaterThanOrEqual(before - 1);
    expect(Number(fact.hlc.split('.')[0])).toBeGreaterThanOrEqual(before);
    expect(await factsOf(entity)).toEqual([fact]);
  });

  it('normalizes entity and source: trimmed, lowercased, inner whitespace collapsed to "-"', async () => {
    const suffix = uid();
    const fact = expectBody(
      await api.post('/v1/facts', wireFact(` Stigmem://A  B-${suffix} `, 'x', { source: ' Stigmem://Agent \t One ' })),
      201,
      FactRecord,
    );
    expect(fact.entity).toBe(`stigmem://a-b-${suffix}`);
    expect(fact.source).toBe('stigmem://agent-one');
    // The same normalization applies to query parameters.
    const found = expectBody(await api.get('/v1/facts', { query: { entity: `  STIGMEM://a b-${suffix}`, source: 'Stigmem://AGENT one' } }), 200, FactList);
    expect(found.facts.map((f) => f.id)).toEqual([fact.id]);
  });

  it('keeps every value type, normalizes refs, and stores datetimes so equal instants are one value', async () => {
    const entity = uniqueEntity('types');
    const values: WireValue[] = [
      { type: 'text', v: 'long\nform' },
      { type: 'number', v: 42.5 },
      { type: 'boolean', v: false },
      { type: 'null' },
      { type: 'ref', v: ' Stigmem://Other  Thing ' },
    ];
    const written = values.map(async (value, i) => expectBody(await api.post('/v1/facts', wireFact(entity, value, { relation: `memory:r${i}` })), 201, FactRecord));
    const facts = await Promise.all(written);
    // A null sent without `v` reads back with "v": null, the one wire form of a null (docs/api.md).
    expect(facts.map((f) => f.value)).toEqual([...values.slice(0, 3), { type: 'null', v: null }, { type: 'ref', v: 'stigmem://other-thing' }]);

    const when = { relation: 'memory:due' };
    const a = expectBody(await api.post('/v1/facts', wireFact(entity, { type: 'datetime', v: '2026-05-02T16:00:00+02:00' }, when)), 201, FactRecord);
    const b = expectBody(await api.post('/v1/facts', wireFact(entity, { type: 'datetime', v: '2026-05-02T14:00:00Z' }, when)), 201, FactRecord);
    expect(a.contradicted).toBe(false);
    expect(b.contradicted).toBe(false);
    const conflicts = await api.get('/v1/conflicts', { query: { entity, status: 'all' } });
    expect((conflicts.body as { conflicts: unknown[] }).conflicts).toEqual([]);
  });

  it('writes a batch and answers 201 with the records in order', async () => {
    const entity = uniqueEntity('batch');
    const facts = Array.from({ length: 5 }, (_, i) => wireFact(entity, `v${i}`, { relation: `memory:slot${i}`, scope: i % 2 ? 'team' : 'local' }));
    const body = expectBody(await api.post('/v1/facts', { facts }), 201, FactBatch);
    expect(body.facts.map((f) => [f.relation, f.value, f.scope])).toEqual(facts.map((f) => [f.relation, f.value, f.scope]));
    const hlcs = body.facts.map((f) => f.hlc);
    expect(new Set(hlcs).size).toBe(5);
    expect([...hlcs].sort()).toEqual(hlcs);
  });

  it('accepts a batch of 1,000 facts and refuses 1,001 with 413', async () => {
    const entity = uniqueEntity('big');
    const facts = Array.from({ length: 1000 }, (_, i) => wireFact(entity, `v${i}`, { relation: `memory:n${i}` }));
    expect(expectBody(await api.post('/v1/facts', { facts }), 201, FactBatch).facts).toHaveLength(1000);
    const other = uniqueEntity('too-big');
    const tooMany = Array.from({ length: 1001 }, (_, i) => wireFact(other, `v${i}`, { relation: `memory:n${i}` }));
    expectError(await api.post('/v1/facts', { facts: tooMany }), 413, 'batch_too_large');
    expect(await factsOf(other)).toEqual([]);
  });

  it('rejects a whole batch when one fact is bad, naming its index, and writes nothing', async () => {
    const entity = uniqueEntity('bad-batch');
    const facts = [wireFact(entity, 'a'), wireFact(entity, 'b', { relation: 'memory:other' }), wireFact(entity, 'c', { confidence: 7 }), wireFact(entity, 'd', { relation: 'memory:x' })];
    const res = await api.post('/v1/facts', { facts });
    const error = expectError(res, 422, 'validation_error');
    expect(error.detail).toContain('facts[2]');
    expect(res.body).toMatchObject({ index: 2 });
    const badEntity = await api.post('/v1/facts', { facts: [wireFact(entity, 'a'), wireFact('   ', 'b')] });
    expect(expectError(badEntity, 400, 'invalid_entity_uri').detail).toContain('facts[1]');
    expect(await factsOf(entity)).toEqual([]);
  });

  it('accepts URIs of 1,024 bytes and a relation of 512 bytes', async () => {
    const entity = uniqueEntity('long');
    const longEntity = `${entity}/${randomish(1024 - entity.length - 1)}`;
    const relation = `memory:${randomish(512 - 'memory:'.length)}`;
    const source = `stigmem://${randomish(1024 - 'stigmem://'.length)}`;
    const ref = `stigmem://${randomish(1024 - 'stigmem://'.length)}`;
    const fact = expectBody(await api.post('/v1/facts', wireFact(longEntity, { type: 'ref', v: ref }, { relation, source })), 201, FactRecord);
    expect([fact.entity, fact.relation, fact.source, fact.value]).toEqual([longEntity, relation, source, { type: 'ref', v: ref }]);
  });

  it('accepts a string of exactly 64 KB', async () => {
    const entity = uniqueEntity('edge');
    const fact = expectBody(await api.post('/v1/facts', wireFact(entity, { type: 'text', v: 'x'.repeat(MAX_BYTES) })), 201, FactRecord);
    expect(fact.value).toEqual({ type: 'text', v: 'x'.repeat(MAX_BYTES) });
  });

  type Case = [name: string, status: number, code: string, patch: (entity: string) => Record<string, unknown>];
  const cases: Case[] = [
    ['empty entity', 400, 'invalid_entity_uri', () => ({ entity: '' })],
    ['blank entity', 400, 'invalid_entity_uri', () => ({ entity: '  \t ' })],
    ['blank source', 400, 'invalid_entity_uri', () => ({ source: '   ' })],
    ['missing entity', 422, 'validation_error', () => ({ entity: undefined })],
    ['missing source', 422, 'validation_error', () => ({ source: undefined })],
    ['missing relation', 422, 'validation_error', () => ({ relation: undefined })],
    ['empty relation', 422, 'validation_error', () => ({ relation: '' })],
    ['relation with whitespace', 422, 'validation_error', () => ({ relation: 'memory: status' })],
    ['missing value', 422, 'validation_error', () => ({ value: undefined })],
    ['unknown value type', 422, 'validation_error', () => ({ value: { type: 'blob', v: 'x' } })],
    ['value of the wrong JS type', 422, 'validation_error', () => ({ value: { type: 'number', v: '42' } })],
    ['boolean given as a string', 422, 'validation_error', () => ({ value: { type: 'boolean', v: 'true' } })],
    ['datetime without a zone', 422, 'validation_error', () => ({ value: { type: 'datetime', v: '2026-05-02T14:00:00' } })],
    ['empty ref', 422, 'validation_error', () => ({ value: { type: 'ref', v: '   ' } })],
    ['a NUL character in a string value', 422, 'validation_error', () => ({ value: { type: 'string', v: 'a\u0000b' } })],
    ['a NUL character in the entity', 422, 'validation_error', (e) => ({ entity: `${e}\u0000x` })],
    ['a NUL character in the source', 422, 'validation_error', () => ({ source: 'stigmem://agent\u0000' })],
    ['a NUL character in the relation', 422, 'validation_error', () => ({ relation: 'memory:\u0000' })],
    ['a lone surrogate in a text value', 422, 'validation_error', () => ({ value: { type: 'text', v: 'broken \ud800 text' } })],
    ['a lone surrogate in the entity', 422, 'validation_error', (e) => ({ entity: `${e}\udc00` })],
    ['bad scope', 422, 'validation_error', () => ({ scope: 'galaxy' })],
    ['confidence above 1', 422, 'validation_error', () => ({ confidence: 1.01 })],
    ['confidence below 0', 422, 'validation_error', () => ({ confidence: -0.1 })],
    ['confidence as a string', 422, 'validation_error', () => ({ confidence: '0.5' })],
    ['valid_until not ISO', 422, 'validation_error', () => ({ valid_until: 'tomorrow' })],
    ['valid_until without time', 422, 'validation_error', () => ({ valid_until: '2026-05-02' })],
    ['valid_until in year 0', 422, 'validation_error', () => ({ valid_until: '0000-01-01T00:00:00Z' })],
    ['valid_until on February 30th', 422, 'validation_error', () => ({ valid_until: '2030-02-30T00:00:00Z' })],
    ['a datetime value on April 31st', 422, 'validation_error', () => ({ value: { type: 'datetime', v: '2026-04-31T00:00:00Z' } })],
    ['text over 64 KB', 413, 'value_too_large', () => ({ value: { type: 'text', v: 'x'.repeat(MAX_BYTES + 1) } })],
    ['multi-byte string over 64 KB of UTF-8', 413, 'value_too_large', () => ({ value: { type: 'string', v: 'é'.repeat(MAX_BYTES / 2 + 1) } })],
    ['oversized text even when other fields are bad', 413, 'value_too_large', () => ({ scope: 'galaxy', value: { type: 'text', v: 'y'.repeat(MAX_BYTES + 10) } })],
    ['entity longer than 1,024 bytes', 422, 'validation_error', (e) => ({ entity: `${e}/${randomish(1100)}` })],
    ['entity longer than an index can hold', 422, 'validation_error', (e) => ({ entity: `${e}/${randomish(5000)}` })],
    ['relation longer than 512 bytes', 422, 'validation_error', () => ({ relation: `memory:${'中'.repeat(200)}` })],
    ['source longer than an index can hold', 422, 'validation_error', () => ({ source: `stigmem://${randomish(5000)}` })],
    ['ref longer than an index can hold', 422, 'validation_error', () => ({ value: { type: 'ref', v: `stigmem://${randomish(5000)}` } })],
  ];

  it.each(cases)('rejects %s with %i %s and writes nothing', async (_name, status, code, patch) => {
    const entity = uniqueEntity('bad');
    const body = { ...wireFact(entity, 'v'), ...patch(entity) };
    expectError(await api.post('/v1/facts', body), status, code);
    expect(await factsOf(entity)).toEqual([]);
  });

  type BodyCase = [name: string, status: number, code: string, raw: string];
  const bodies: BodyCase[] = [
    ['malformed JSON', 400, 'invalid_json', '{"entity": '],
    ['a JSON array', 422, 'validation_error', '[]'],
    ['a JSON string', 422, 'validation_error', '"fact"'],
    ['JSON null', 422, 'validation_error', 'null'],
    ['an empty object', 422, 'validation_error', '{}'],
    ['facts that is not an array', 422, 'validation_error', '{"facts": {"entity": "x"}}'],
    ['an empty batch', 422, 'validation_error', '{"facts": []}'],
  ];

  it.each(bodies)('rejects a body that is %s with %i %s', async (_name, status, code, raw) => {
    expectError(await api.post('/v1/facts', undefined, { rawBody: raw }), status, code);
  });

  it('needs a key with write permission and the scope of every fact', async () => {
    const entity = uniqueEntity('authz');
    const reader = await createKey(['read'], ['local', 'team']);
    const localWriter = await createKey(['write'], ['local']);
    expectError(await api.post('/v1/facts', wireFact(entity, 'v'), { key: null }), 401, 'unauthorized');
    expectError(await api.post('/v1/facts', wireFact(entity, 'v'), { key: 'sk_not_a_key_0000000000000000000000000' }), 401, 'unauthorized');
    expectError(await api.post('/v1/facts', wireFact(entity, 'v'), { key: null, headers: { authorization: 'Basic dXNlcjpwYXNz' } }), 401, 'unauthorized');
    expectError(await api.post('/v1/facts', wireFact(entity, 'v'), { key: reader.key }), 403, 'forbidden');
    expectError(await api.post('/v1/facts', wireFact(entity, 'v', { scope: 'team' }), { key: localWriter.key }), 403, 'forbidden');
    const mixed = { facts: [wireFact(entity, 'a'), wireFact(entity, 'b', { scope: 'team' })] };
    expectError(await api.post('/v1/facts', mixed, { key: localWriter.key }), 403, 'forbidden');
    expect(await factsOf(entity)).toEqual([]);
    const written = expectBody(await api.post('/v1/facts', wireFact(entity, 'v'), { key: localWriter.key }), 201, FactRecord);
    expect(written.scope).toBe('local');
  });
});

/** Hex text that does not compress, so an index cannot shrink it below its row limit. */
function randomish(length: number): string {
  let text = '';
  while (text.length < length) text += uid();
  return text.slice(0, length);
}
