import { beforeAll, expect, it } from 'vitest';
import { ProvenanceAnswer } from '@/lib/wire/facts';
import { FactRecord } from '@/lib/wire/records';
import { api, createKey, describeHttp, expectBody, expectError, type TestKey, uid, uniqueEntity, wireFact } from '../harness';

// GET /v1/facts/{id}/provenance (docs/api.md § Facts): the derived_from walk, redacting what the key
// may not read exactly like what does not exist.

const f = { raw1: '', raw2: '', s1: '', s2: '', x: '', y: '', secretEntity: '', missing: '' };
let teamReader: TestKey;
let companyReader: TestKey;

const write = async (fact: object) => expectBody(await api.post('/v1/facts', fact), 201, FactRecord);
const summary = (derived: object[], scope = 'team') =>
  write({ ...wireFact(uniqueEntity('prov-summary'), 'a summary', { scope }), write_mode: 'summarize_with_provenance', derived_from: derived });
const provenance = async (id: string, key?: string, query?: Record<string, number>) => expectBody(await api.get(`/v1/facts/${id}/provenance`, { key, query }), 200, ProvenanceAnswer);

describeHttp('GET /v1/facts/{id}/provenance', () => {
  beforeAll(async () => {
    f.secretEntity = uniqueEntity('prov-secret');
    f.raw1 = (await write(wireFact(uniqueEntity('prov-raw'), 'raw note', { scope: 'team' }))).id;
    f.raw2 = (await write(wireFact(f.secretEntity, 'company note', { scope: 'company' }))).id;
    f.missing = `no-such-fact-${uid()}`;
    f.s1 = (await summary([{ fact_id: f.raw1 }, { fact_id: f.raw2 }, { fact_id: f.missing }, { note: 'names no source' }])).id;
    f.s2 = (await summary([{ fact_id: f.s1, relation: 'memory:summary' }, { hash: f.raw1 }])).id;
    // A cycle can only be imported (ids are the node's to give otherwise).
    [f.x, f.y] = [`prov-x-${uid()}`, `prov-y-${uid()}`];
    const imported = await api.post('/v1/facts/import', {
      facts: [
        { ...wireFact(uniqueEntity('prov-x'), 'x', { scope: 'team' }), id: f.x, derived_from: [{ fact_id: f.y }] },
        { ...wireFact(uniqueEntity('prov-y'), 'y', { scope: 'team' }), id: f.y, derived_from: [{ fact_id: f.x }] },
      ],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    teamReader = await createKey(['read'], ['team'], 'prov-team');
    companyReader = await createKey(['read'], ['company'], 'prov-company');
  });

  it('walks derived_from breadth first, naming each source and the fact that cites it', async () => {
    const res = await provenance(f.s2, teamReader.key);
    expect(res).toMatchObject({ fact_id: f.s2, cid: null, depth: 5, truncated: false });
    expect(res.derived_from).toEqual([
      { hash: f.s1, exists: true, fact_id: f.s1, entity: expect.any(String), depth: 1, via: f.s2 },
      { hash: f.raw1, exists: true, fact_id: f.raw1, entity: expect.any(String), depth: 1, via: f.s2 },
      { hash: f.raw1, exists: true, fact_id: f.raw1, entity: expect.any(String), depth: 2, via: f.s1 },
      { hash: f.raw2, exists: false, depth: 2, via: f.s1 },
      { hash: f.missing, exists: false, depth: 2, via: f.s1 },
      { hash: '', exists: false, depth: 2, via: f.s1 },
    ]);
  });

  it('redacts a source in a scope the key cannot read exactly like a missing one, and walks no further through it', async () => {
    const res = await provenance(f.s1, teamReader.key);
    const hidden = res.derived_from.find((e) => e.hash === f.raw2)!;
    const missing = res.derived_from.find((e) => e.hash === f.missing)!;
    expect(Object.keys(hidden).sort()).toEqual(Object.keys(missing).sort());
    expect(JSON.stringify(res)).not.toContain(f.secretEntity);
    // A key that reads company sees it.
    const admin = await provenance(f.s1);
    expect(admin.derived_from.find((e) => e.hash === f.raw2)).toMatchObject({ exists: true, fact_id: f.raw2, entity: f.secretEntity });
  });

  it('goes around a cycle once', async () => {
    const res = await provenance(f.x, teamReader.key, { depth: 10 });
    expect(res.derived_from).toEqual([
      { hash: f.y, exists: true, fact_id: f.y, entity: expect.any(String), depth: 1, via: f.x },
      { hash: f.x, exists: true, fact_id: f.x, entity: expect.any(String), depth: 2, via: f.y },
    ]);
    expect(res.truncated).toBe(false);
  });

  it('stops at depth and says there was more', async () => {
    const res = await provenance(f.s2, undefined, { depth: 1 });
    expect(res.derived_from.map((e) => e.hash)).toEqual([f.s1, f.raw1]);
    expect(res).toMatchObject({ depth: 1, truncated: true });
    expect(await provenance(f.raw1)).toMatchObject({ derived_from: [], truncated: false });
  });

  it('answers 404 for a fact the key cannot read, as for an unknown one', async () => {
    expectError(await api.get(`/v1/facts/${f.s1}/provenance`, { key: companyReader.key }), 404, 'fact_not_found');
    expectError(await api.get(`/v1/facts/${f.missing}/provenance`), 404, 'fact_not_found');
    expectError(await api.get(`/v1/facts/${f.s1}/provenance`, { key: null }), 401, 'unauthorized');
  });

  it('refuses a depth over the cap with 400 and a malformed one with 422', async () => {
    expectError(await api.get(`/v1/facts/${f.s1}/provenance`, { query: { depth: 11 } }), 400, 'depth_too_large');
    for (const depth of ['0', 'deep', '2.5']) expectError(await api.get(`/v1/facts/${f.s1}/provenance?depth=${depth}`), 422, 'validation_error');
  });
});
