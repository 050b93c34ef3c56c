import { expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { FactBatch } from '@/lib/wire/records';
import { api, describeHttp, expectBody, expectError, uniqueEntity, wireFact } from '../harness';
import { checkInvariants } from '../harness/invariants';

// Many writers at once into the same triples (docs/decisions.md § Parallel writes: writers of one entity take turns, contradictions
// recorded at write time): every acknowledged fact is stored, the value heads agree with the facts,
// each contradicting pair is recorded once, and concurrent decisions on one conflict have one winner.

const WRITERS = 16;
const FACTS_PER_WRITER = 1_000;
const BATCH = 100;
const ENTITIES = 25;
const RELATIONS = ['ops:owner', 'ops:status', 'ops:region', 'ops:tier'];
const VALUES = ['red', 'green', 'blue'];

describeHttp('concurrent writers', () => {
  it(`${WRITERS} writers × ${FACTS_PER_WRITER} facts into overlapping triples lose nothing and record each conflict once`, async () => {
    const prefix = uniqueEntity('conc');
    const entities = Array.from({ length: ENTITIES }, (_, i) => `${prefix}/e${i}`);
    const acknowledged: string[] = [];

    const writer = async (w: number) => {
      for (let start = 0; start < FACTS_PER_WRITER; start += BATCH) {
        const facts = Array.from({ length: BATCH }, (_, k) => {
          const i = start + k;
          const triple = (w * 7 + i) % (ENTITIES * RELATIONS.length);
          return wireFact(entities[triple % ENTITIES], VALUES[(i + w) % VALUES.length], {
            relation: RELATIONS[Math.floor(triple / ENTITIES)],
            confidence: 0.5 + ((i * 13) % 50) / 100,
            scope: 'local',
          });
        });
        const res = await api.post('/v1/facts', { facts });
        const body = expectBody(res, 201, FactBatch);
        expect(body.facts).toHaveLength(BATCH);
        acknowledged.push(...body.facts.map((f) => f.id));
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));

    expect(acknowledged).toHaveLength(WRITERS * FACTS_PER_WRITER);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    const db = await getDb();
    const [{ stored }] = await db.$queryRaw<{ stored: bigint }[]>`SELECT count(*) AS stored FROM facts WHERE id = ANY(${acknowledged}::text[])`;
    expect(Number(stored)).toBe(acknowledged.length);

    // Heads, live pairs covered by conflicts, one unresolved conflict per pair, status facts.
    expect(await checkInvariants(prefix)).toEqual([]);
    // Nothing was decided here, so "once per pair" holds for every conflict, not only unresolved ones.
    const [{ pairs, rows }] = await db.$queryRaw<{ pairs: bigint; rows: bigint }[]>`
      SELECT count(DISTINCT (entity, relation, scope, pair_key)) AS pairs, count(*) AS rows FROM conflicts WHERE entity LIKE ${`${prefix}%`}`;
    expect(Number(rows)).toBe(Number(pairs));
    // Every triple holds all three values live: one contradiction each, two of its values joined against the third.
    expect(Number(pairs)).toBe(ENTITIES * RELATIONS.length * 2);
    const [{ open }] = await db.$queryRaw<{ open: bigint }[]>`
      SELECT count(*) AS open FROM contradictions WHERE entity LIKE ${`${prefix}%`} AND status = 'open' AND open_conflicts = 2`;
    expect(Number(open)).toBe(ENTITIES * RELATIONS.length);

    // Six reviewers decide that triple at the same moment, by one of its conflicts or by its contradiction: one wins, five hear 409.
    const listed = await api.get('/v1/conflicts', { query: { entity: entities[0], status: 'unresolved', limit: 1 } });
    const conflict = (listed.body as { conflicts: { conflict_id: string; contradiction_id: string; fact_a: { id: string }; fact_b: { id: string } }[] }).conflicts[0];
    const path = (id: string) => `/v1/conflicts/${encodeURIComponent(id)}/resolve`;
    const attempts = await Promise.all(
      [conflict.fact_a.id, conflict.fact_b.id, conflict.fact_a.id, conflict.fact_b.id, conflict.fact_a.id, conflict.fact_b.id].map((id, i) =>
        api.post(path(i % 2 ? conflict.contradiction_id : conflict.conflict_id), { winning_fact_id: id }),
      ),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const lost of attempts.filter((a) => a.status === 409)) expectError(lost, 409, 'conflict_already_resolved');
    expect(await checkInvariants(prefix)).toEqual([]);
  });
});
