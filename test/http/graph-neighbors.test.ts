import { beforeAll, expect, it } from 'vitest';
import { NeighborsResponse } from '@/lib/wire/graph';
import { FactRecord } from '@/lib/wire/records';
import { AsOfFields } from '@/lib/wire/time-travel';
import { api, createKey, describeHttp, expectBody, expectError, type TestKey, uniqueEntity, wireFact } from '../harness';

// GET /v1/graph/neighbors (docs/api.md § Graph): an entity's neighbourhood along live ref values,
// either way, within the scopes the key reads.

const ref = (v: string) => ({ type: 'ref' as const, v });

/**
 * In team: seed → knows → b → knows → c → knows → e, d → likes → seed, seed → weak → w (confidence
 * 0.05), seed → gone → r (retracted). In company: seed → secret → s.
 */
const g = { seed: '', b: '', c: '', d: '', e: '', w: '', r: '', s: '', beforeE: '' };
let teamReader: TestKey;
let companyReader: TestKey;

const assert = async (entity: string, relation: string, target: string, extra: Record<string, unknown> = {}) =>
  expectBody(await api.post('/v1/facts', wireFact(entity, ref(target) as never, { relation, scope: 'team', ...extra })), 201, FactRecord);

const neighbors = async (query: Record<string, string | number | undefined>, key?: string) =>
  expectBody(await api.get('/v1/graph/neighbors', { query: { entity: g.seed, ...query }, key }), 200, NeighborsResponse);

describeHttp('GET /v1/graph/neighbors', () => {
  beforeAll(async () => {
    for (const name of ['seed', 'b', 'c', 'd', 'e', 'w', 'r', 's'] as const) g[name] = uniqueEntity(`graph-${name}`);
    await assert(g.seed, 'memory:knows', g.b);
    await assert(g.b, 'memory:knows', g.c);
    await assert(g.d, 'memory:likes', g.seed);
    await assert(g.seed, 'memory:weak', g.w, { confidence: 0.05 });
    await assert(g.seed, 'memory:gone', g.r);
    await assert(g.seed, 'memory:gone', g.r, { confidence: 0 });
    const last = await assert(g.seed, 'memory:secret', g.s, { scope: 'company' });
    g.beforeE = last.hlc;
    await assert(g.c, 'memory:knows', g.e);
    teamReader = await createKey(['read'], ['team'], 'graph-team');
    companyReader = await createKey(['read'], ['company'], 'graph-company');
  });

  it('lists the entities one hop away either way, with the edge that reached them', async () => {
    const res = await neighbors({ scope: 'team' });
    expect(res).toMatchObject({ entity: g.seed, depth: 1, total_hint: 2, next_cursor: null, truncated: false });
    const byEntity = Object.fromEntries(res.neighbors.map((n) => [n.entity, n]));
    expect(Object.keys(byEntity).sort()).toEqual([g.b, g.d].sort());
    expect(byEntity[g.b]).toMatchObject({ relation: 'memory:knows', hops: 1, confidence: 1, path: [g.seed, g.b], direction: 'out', scope: 'team', source_trust: null });
    expect(byEntity[g.d]).toMatchObject({ relation: 'memory:likes', hops: 1, path: [g.seed, g.d], direction: 'in' });
  });

  it('follows refs up to depth hops, each entity once at its fewest hops', async () => {
    const two = await neighbors({ scope: 'team', depth: 2 });
    expect(two.neighbors.map((n) => [n.entity, n.hops])).toEqual(expect.arrayContaining([[g.b, 1], [g.d, 1], [g.c, 2]]));
    expect(two.neighbors).toHaveLength(3);
    expect(two.neighbors.find((n) => n.entity === g.c)!.path).toEqual([g.seed, g.b, g.c]);
    const three = await neighbors({ scope: 'team', depth: 3 });
    expect(three.neighbors.find((n) => n.entity === g.e)).toMatchObject({ hops: 3, path: [g.seed, g.b, g.c, g.e] });
    // Ordered by hops: the seed itself never comes back as its own neighbour.
    expect(three.neighbors.map((n) => n.hops)).toEqual([...three.neighbors.map((n) => n.hops)].sort());
    expect(three.neighbors.map((n) => n.entity)).not.toContain(g.seed);
  });

  it('leaves out retracted values and those below min_confidence (0.1 unless asked)', async () => {
    const plain = (await neighbors({ scope: 'team' })).neighbors.map((n) => n.entity);
    expect(plain).not.toContain(g.r);
    expect(plain).not.toContain(g.w);
    const all = (await neighbors({ scope: 'team', min_confidence: 0 })).neighbors.map((n) => n.entity);
    expect(all).toContain(g.w);
    expect(all).not.toContain(g.r);
  });

  it('filters relations by exact name or prefix glob', async () => {
    expect((await neighbors({ scope: 'team', relation_filter: 'memory:lik*' })).neighbors.map((n) => n.entity)).toEqual([g.d]);
    expect((await neighbors({ scope: 'team', relation_filter: 'memory:knows', depth: 3 })).neighbors.map((n) => n.entity)).toEqual([g.b, g.c, g.e]);
    // `_` and `%` in a filter are literal characters, not patterns.
    expect((await neighbors({ scope: 'team', relation_filter: 'memory_%' })).neighbors).toEqual([]);
  });

  it('pages through the neighbourhood with next_cursor', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await neighbors({ scope: 'team', depth: 3, page_size: 1, cursor });
      expect(res.neighbors.length).toBeLessThanOrEqual(1);
      expect(res.total_hint).toBe(4);
      seen.push(...res.neighbors.map((n) => n.entity));
      if (!res.next_cursor) break;
      cursor = res.next_cursor;
    }
    expect(seen.sort()).toEqual([g.b, g.c, g.d, g.e].sort());
    expectError(await api.get('/v1/graph/neighbors', { query: { entity: g.seed, scope: 'team', cursor: 'bm90IGEgY3Vyc29y' } }), 422, 'invalid_cursor');
  });

  it('stays within the scopes the key reads', async () => {
    // The admin reads every scope: without `scope`, company's edge is in too.
    expect((await neighbors({})).neighbors.map((n) => n.entity)).toEqual(expect.arrayContaining([g.b, g.d, g.s]));
    const team = (await neighbors({}, teamReader.key)).neighbors;
    expect(team.map((n) => n.entity).sort()).toEqual([g.b, g.d].sort());
    expect(JSON.stringify(team)).not.toContain(g.s);
    const company = await neighbors({ depth: 3 }, companyReader.key);
    expect(company.neighbors.map((n) => n.entity)).toEqual([g.s]);
    expect(JSON.stringify(company)).not.toContain(g.b);
    expectError(await api.get('/v1/graph/neighbors', { query: { entity: g.seed, scope: 'team' }, key: companyReader.key }), 403, 'forbidden');
    expectError(await api.get('/v1/graph/neighbors', { query: { entity: g.seed }, key: null }), 401, 'unauthorized');
  });

  it('answers as of an instant of the log', async () => {
    const then = await api.get('/v1/graph/neighbors', { query: { entity: g.seed, scope: 'team', depth: 3, as_of: g.beforeE } });
    const body = expectBody(then, 200, NeighborsResponse.extend(AsOfFields.shape));
    expect(body.neighbors.map((n) => n.entity).sort()).toEqual([g.b, g.c, g.d].sort());
  });

  it('refuses a depth over the cap with 400, and other bad parameters with 422', async () => {
    for (const depth of [4, 100]) expectError(await api.get('/v1/graph/neighbors', { query: { entity: g.seed, scope: 'team', depth } }), 400, 'depth_too_large');
    for (const query of [{ depth: 0 }, { depth: 'two' }, { depth: 1.5 }, { page_size: 0 }, { page_size: 201 }, { min_confidence: 2 }, { scope: 'galaxy' }, { entity: '   ' }, { entity: `stigmem://${'x'.repeat(1100)}` }]) {
      expectError(await api.get('/v1/graph/neighbors', { query: { entity: g.seed, ...query } }), 422, 'validation_error');
    }
    expectError(await api.get('/v1/graph/neighbors', { query: { scope: 'team' } }), 422, 'validation_error');
    expectError(await api.get('/v1/graph/neighbors', { query: { entity: g.seed, hops: 2 } }), 400, 'unknown_parameter');
  });

  it('answers an empty neighbourhood for an entity without refs', async () => {
    expect(await neighbors({ entity: uniqueEntity('graph-alone'), depth: 3 })).toMatchObject({ neighbors: [], total_hint: 0, next_cursor: null });
  });
});
