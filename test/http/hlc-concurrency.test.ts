import { expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { FactList, FactRecord, HLC_PATTERN } from '@/lib/wire/records';
import { api, compareHlcText, conflictsOf, describeHttp, expectBody, uniqueEntity, wireFact } from '../harness';

// The node's HLC under concurrent requests: distinct, well-formed, and in commit order.

const CONCURRENT = 50;

async function concurrentAsserts(entity: string, build: (i: number) => ReturnType<typeof wireFact>) {
  const responses = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => api.post('/v1/facts', build(i))));
  return responses.map((res) => expectBody(res, 201, FactRecord));
}

/** The facts of an entity in commit order: xmin is the inserting transaction, assigned at its first write, after it took the entity's lock. */
async function commitOrder(entity: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM facts WHERE entity = ${entity} ORDER BY xmin::text::bigint, hlc_wall, hlc_counter`;
  return rows.map((r) => r.id);
}

describeHttp('HLC under concurrent requests', () => {
  it('issues distinct, padded HLCs that follow commit order', async () => {
    const entity = uniqueEntity('hlc');
    const start = Date.now();
    const facts = await concurrentAsserts(entity, (i) => wireFact(entity, `v${i}`, { relation: `memory:r${i}` }));
    const hlcs = facts.map((f) => f.hlc);
    expect(new Set(hlcs).size).toBe(CONCURRENT);
    for (const hlc of hlcs) {
      expect(hlc).toMatch(HLC_PATTERN);
      expect(Number(hlc.split('.')[0])).toBeGreaterThanOrEqual(start);
    }
    const byHlc = [...facts].sort((a, b) => compareHlcText(a.hlc, b.hlc));
    expect(await commitOrder(entity)).toEqual(byHlc.map((f) => f.id));
    for (let i = 1; i < byHlc.length; i++) expect(Date.parse(byHlc[i].timestamp)).toBeGreaterThanOrEqual(Date.parse(byHlc[i - 1].timestamp));

    const listed = expectBody(await api.get('/v1/facts', { query: { entity, limit: 500 } }), 200, FactList).facts;
    expect(listed.map((f) => f.id)).toEqual(byHlc.map((f) => f.id).reverse());
  });

  it('makes the last committed write of a value its head', async () => {
    const entity = uniqueEntity('hlc-head');
    const facts = await concurrentAsserts(entity, (i) => wireFact(entity, 'same', { confidence: (i + 1) / 100 }));
    const newest = facts.reduce((a, b) => (compareHlcText(a.hlc, b.hlc) > 0 ? a : b));
    const committed = await commitOrder(entity);
    expect(committed.at(-1)).toBe(newest.id);
    const db = await getDb();
    const heads = await db.$queryRaw<{ head_fact_id: string; confidence: number }[]>`
      SELECT head_fact_id, confidence FROM value_heads WHERE entity = ${entity}`;
    expect(heads).toEqual([{ head_fact_id: newest.id, confidence: newest.confidence }]);
  });

  it('records exactly one conflict when two values race', async () => {
    const entity = uniqueEntity('hlc-race');
    await concurrentAsserts(entity, (i) => wireFact(entity, i % 2 ? 'red' : 'blue'));
    const conflicts = await conflictsOf(entity);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0].status).toBe('unresolved');
  });
});
