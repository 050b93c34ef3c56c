import { expect, it } from 'vitest';
import { z } from 'zod';
import { api, createKey, describeHttp, expectBody, expectError, uid, wireFact } from '../harness';
import { RecallResponse } from '@/lib/wire/recall';
import { FactRecord } from '@/lib/wire/records';

// POST /v1/recall: relevance on a small known corpus, the token budget, neighbours by ref hops,
// scope isolation, and what is never returned. Every corpus word carries this test's own token
// (`tag`), so a query only ever matches this test's facts, on a fresh PGlite or a shared PostgreSQL.

const S = 'team';
const assert = async (fact: ReturnType<typeof wireFact>) => expectBody(await api.post('/v1/facts', { scope: S, ...fact }), 201, FactRecord);
const recall = async (body: Record<string, unknown>, key?: string) => expectBody(await api.post('/v1/recall', { scope: S, ...body }, { key }), 200, RecallResponse);

describeHttp('POST /v1/recall', () => {
  it('orders lexical hits by relevance: more query words matched ranks higher', async () => {
    const tag = `zq${uid()}`;
    // Query words of this test only: on the shared PostgreSQL database other files' facts hold common words.
    const both = await assert(wireFact(`stigmem://test/${tag}/both`, `${tag} ${tag}falcon ${tag}launch window`, { relation: 'memory:note' }));
    const one = await assert(wireFact(`stigmem://test/${tag}/one`, `${tag} quarterly budget`, { relation: 'memory:note' }));
    await assert(wireFact(`stigmem://test/unrelated-${uid()}`, 'nothing in common', { relation: 'memory:note' }));
    const res = await recall({ query: `${tag} ${tag}falcon ${tag}launch`, include_neighbors: false });
    expect(res.facts.map((f) => f.fact.id)).toEqual([both.id, one.id]);
    expect(res.facts[0].score_breakdown.lexical).toBe(1);
    expect(res.facts[1].score_breakdown.lexical).toBeGreaterThan(0);
    expect(res.facts[1].score_breakdown.lexical).toBeLessThan(1);
    expect(res.facts[0].score).toBeGreaterThan(res.facts[1].score);
    expect(res.facts.every((f) => f.hop_distance === 0 && f.score_breakdown.graph === 1)).toBe(true);
    expect(res).toMatchObject({ total_scored: 2, truncated: false, token_budget: 4000 });
    expect(res.tokens_used).toBe(res.facts.reduce((sum, f) => sum + f.token_estimate, 0));
  });

  it('matches words of the entity URI and the relation, not only the value', async () => {
    const tag = `zr${uid()}`;
    const byEntity = await assert(wireFact(`stigmem://acme/user/${tag}`, 'CTO', { relation: 'memory:role' }));
    const byRelation = await assert(wireFact(`stigmem://test/x-${uid()}`, 'yes', { relation: `memory:${tag}` }));
    const res = await recall({ query: tag, include_neighbors: false });
    expect(res.facts.map((f) => f.fact.id).sort()).toEqual([byEntity.id, byRelation.id].sort());
  });

  it('packs greedily into the token budget and says when something did not fit', async () => {
    const tag = `zb${uid()}`;
    const long = await assert(wireFact(`stigmem://test/${tag}/long`, `${tag} ${'x'.repeat(400)}`, { relation: 'memory:note', confidence: 1 }));
    const short = await assert(wireFact(`stigmem://test/${tag}/short`, `${tag} ${tag}`, { relation: 'memory:note', confidence: 0.5 }));
    const all = await recall({ query: tag, include_neighbors: false });
    const longEstimate = all.facts.find((f) => f.fact.id === long.id)!.token_estimate;
    const shortEstimate = all.facts.find((f) => f.fact.id === short.id)!.token_estimate;
    // 4 characters per token over "entity relation value".
    expect(longEstimate).toBe(Math.ceil(`${long.entity} memory:note ${tag} ${'x'.repeat(400)}`.length / 4));
    const tight = await recall({ query: tag, include_neighbors: false, token_budget: shortEstimate + 1 });
    expect(tight.facts.map((f) => f.fact.id)).toEqual([short.id]);
    expect(tight).toMatchObject({ truncated: true, tokens_used: shortEstimate, total_scored: 2 });
    const none = await recall({ query: tag, include_neighbors: false, token_budget: 1 });
    expect(none).toMatchObject({ facts: [], truncated: true, tokens_used: 0 });
  });

  it('adds neighbours along ref values, one hop per level of depth, with their distance', async () => {
    const tag = `zn${uid()}`;
    const hit = `stigmem://test/${tag}/project`;
    const hop1 = `stigmem://test/n1-${uid()}`;
    const hop2 = `stigmem://test/n2-${uid()}`;
    const hop3 = `stigmem://test/n3-${uid()}`;
    const hitFact = await assert(wireFact(hit, `${tag} roadmap`, { relation: 'memory:title' }));
    await assert(wireFact(hit, { type: 'ref', v: hop1 }, { relation: 'memory:owner' }));
    const hop1Fact = await assert(wireFact(hop1, 'owner team', { relation: 'memory:name' }));
    await assert(wireFact(hop1, { type: 'ref', v: hop2 }, { relation: 'memory:manager' }));
    const hop2Fact = await assert(wireFact(hop2, 'a manager', { relation: 'memory:name' }));
    // hop3 points at hop2 (a ref walked backwards is a hop too).
    await assert(wireFact(hop3, { type: 'ref', v: hop2 }, { relation: 'memory:reports_to' }));
    const hop3Fact = await assert(wireFact(hop3, 'a report', { relation: 'memory:name' }));

    const hops = (res: z.infer<typeof RecallResponse>) => new Map(res.facts.map((f) => [f.fact.id, f.hop_distance]));
    const depth1 = hops(await recall({ query: tag, depth: 1 }));
    expect(depth1.get(hitFact.id)).toBe(0);
    expect(depth1.get(hop1Fact.id)).toBe(1);
    expect(depth1.has(hop2Fact.id)).toBe(false);
    const depth3 = await recall({ query: tag, depth: 3 });
    const d3 = hops(depth3);
    expect([d3.get(hop1Fact.id), d3.get(hop2Fact.id), d3.get(hop3Fact.id)]).toEqual([1, 2, 3]);
    const neighbour = depth3.facts.find((f) => f.fact.id === hop2Fact.id)!;
    expect(neighbour.score_breakdown.lexical).toBe(0);
    expect(neighbour.score_breakdown.graph).toBeCloseTo(1 / 3, 5);
    const noNeighbours = hops(await recall({ query: tag, include_neighbors: false }));
    expect([...noNeighbours.values()].every((h) => h === 0)).toBe(true);
    expect(noNeighbours.has(hop1Fact.id)).toBe(false);
  });

  it('never returns retracted, expired or low-confidence values, and marks contradicted ones', async () => {
    const tag = `zl${uid()}`;
    const entity = `stigmem://test/${tag}/facts`;
    const kept = await assert(wireFact(entity, `${tag} kept`, { relation: 'memory:a' }));
    await assert(wireFact(entity, `${tag} retracted`, { relation: 'memory:b' }));
    await assert(wireFact(entity, `${tag} retracted`, { relation: 'memory:b', confidence: 0 }));
    await assert(wireFact(entity, `${tag} expired`, { relation: 'memory:c', valid_until: '2020-01-01T00:00:00Z' }));
    await assert(wireFact(entity, `${tag} weak`, { relation: 'memory:d', confidence: 0.05 }));
    const red = await assert(wireFact(entity, `${tag} red`, { relation: 'memory:colour' }));
    const blue = await assert(wireFact(entity, `${tag} blue`, { relation: 'memory:colour' }));
    const res = await recall({ query: tag, include_neighbors: false });
    expect(res.facts.map((f) => f.fact.id).sort()).toEqual([kept.id, red.id, blue.id].sort());
    expect(res.facts.filter((f) => f.fact.contradicted).map((f) => f.fact.id).sort()).toEqual([red.id, blue.id].sort());
    const lenient = await recall({ query: tag, include_neighbors: false, min_confidence: 0 });
    expect(lenient.facts).toHaveLength(4);
  });

  it('reads one scope only, and needs read on it', async () => {
    const tag = `zs${uid()}`;
    await assert(wireFact(`stigmem://test/${tag}/team`, `${tag} team secret`));
    await api.post('/v1/facts', wireFact(`stigmem://test/${tag}/company`, `${tag} company note`, { scope: 'company' }));
    const inTeam = await recall({ query: tag });
    expect(inTeam.facts.map((f) => f.fact.scope)).toEqual(['team']);
    const companyOnly = await createKey(['read'], ['company'], 'recall');
    expectError(await api.post('/v1/recall', { query: tag, scope: 'team' }, { key: companyOnly.key }), 403, 'forbidden');
    const other = await recall({ query: tag, scope: 'company' }, companyOnly.key);
    expect(other.facts.map((f) => f.fact.scope)).toEqual(['company']);
    expectError(await api.post('/v1/recall', { query: tag }, { key: null }), 401, 'unauthorized');
  });

  it('refuses a body the schema refuses with 422 (the reference node’s status) and {"error","detail"}', async () => {
    for (const body of [{}, { query: '' }, { query: '   ' }, { query: 'x', token_budget: 0 }, { query: 'x', token_budget: -5 }, { query: 'x', depth: 4 }, { query: 'x', limit: 0 }, { query: 'x', scope: 'galaxy' }, { query: 'x', weights: { lexical: 2 } }]) {
      const error = expectError(await api.post('/v1/recall', body), 422, 'validation_error');
      expect(error.detail.length).toBeGreaterThan(0);
    }
    // The SDK's call without a query: the detail names the field.
    expect(expectError(await api.post('/v1/recall', { scope: 'local', token_budget: 100 }), 422, 'validation_error').detail).toMatch(/^query/);
    // Not a schema error: JSON that does not parse stays 400, as everywhere.
    expectError(await api.post('/v1/recall', undefined, { rawBody: '{"query":' }), 400, 'invalid_json');
  });

  it('answers an empty recall for a query with no searchable words', async () => {
    const res = await recall({ query: '?!' });
    expect(res).toMatchObject({ facts: [], total_scored: 0, truncated: false, tokens_used: 0 });
  });
});
