import fc from 'fast-check';
import { expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { TEST_ADMIN_KEY } from '../harness/constants';
import { hlcText, uid, wireFact } from '../harness/data';
import { compareHlcText } from '../harness/hlc';
import { checkInvariants } from '../harness/invariants';
import type { Instance } from './harness/cluster';
import { describeCluster, useCluster } from './harness/use-cluster';

// Three `npm start` processes on one PostgreSQL database (docs/scaling.md § Many instances): writers
// of the same entities on different instances take turns (docs/decisions.md § Parallel writes) and lose nothing; HLCs never
// go back or collide across instances; keys and dashboard sessions made on one instance work on all.

const ENTITIES = 25;
const RELATIONS = ['ops:owner', 'ops:status', 'ops:region', 'ops:tier'];
const VALUES = ['red', 'green', 'blue'];
const WRITERS = 6;
const BATCHES = 8;
const BATCH = 100;
const IMPORTER = 'stigmem://cluster/importer';

/** One write of a client: where, what (one fact, a batch, or another node's fact from the future), how big. */
interface Step {
  instance: number;
  kind: 'assert' | 'batch' | 'import-ahead';
  size: number;
  aheadMs: number;
}

describeCluster('many instances, one primary: writes', () => {
  const cluster = useCluster({ size: 3 });
  const at = (i: number): Instance => cluster().instances[i % cluster().instances.length];

  it(`${WRITERS} writers spread over 3 instances lose nothing, never interleave, and keep value heads true to the facts`, async () => {
    const prefix = `stigmem://cluster/w-${uid()}`;
    const batches: { ids: string[]; hlcs: string[] }[] = [];
    const writer = async (w: number) => {
      for (let b = 0; b < BATCHES; b++) {
        // 100 triples shared by every writer, three values each: each triple contradicted by all of them.
        const facts = Array.from({ length: BATCH }, (_, k) => {
          const i = b * BATCH + k;
          const triple = (w * 7 + i) % (ENTITIES * RELATIONS.length);
          return wireFact(`${prefix}/e${triple % ENTITIES}`, VALUES[(i + w) % VALUES.length], {
            relation: RELATIONS[Math.floor(triple / ENTITIES)],
            confidence: 0.5 + ((i * 13) % 50) / 100,
            scope: 'local',
          });
        });
        // Each writer moves to the next instance with every batch.
        const res = await at(w + b).call('POST', '/v1/facts', { facts });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        batches.push({ ids: res.body.facts.map((f: { id: string }) => f.id), hlcs: res.body.facts.map((f: { hlc: string }) => f.hlc) });
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));

    const acknowledged = batches.flatMap((b) => b.ids);
    expect(acknowledged).toHaveLength(WRITERS * BATCHES * BATCH);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    const db = await getDb();
    const [{ stored }] = await db.$queryRaw<{ stored: bigint }[]>`SELECT count(*) AS stored FROM facts WHERE id = ANY(${acknowledged}::text[])`;
    expect(Number(stored)).toBe(acknowledged.length);

    // Each batch's HLCs form a run that no other batch's HLC falls into, whichever instance wrote it:
    // a write reserves its whole run from the node's clock at once (lib/facts/issue-hlcs.ts).
    const ranges = batches.map((b) => [...b.hlcs].sort(compareHlcText)).map((h) => ({ first: h[0], last: h[h.length - 1] }));
    ranges.sort((a, b) => compareHlcText(a.first, b.first));
    for (let i = 1; i < ranges.length; i++) expect(compareHlcText(ranges[i - 1].last, ranges[i].first), `batch ${i} overlaps the one before`).toBeLessThan(0);

    expect(await checkInvariants(prefix)).toEqual([]);
    const [{ pairs, rows }] = await db.$queryRaw<{ pairs: bigint; rows: bigint }[]>`
      SELECT count(DISTINCT (entity, relation, scope, pair_key)) AS pairs, count(*) AS rows FROM conflicts WHERE entity LIKE ${`${prefix}%`}`;
    expect(Number(rows)).toBe(Number(pairs));
    // Linear bookkeeping (docs/decisions.md § Contradictions): a triple's N values, N − 1 conflicts.
    expect(Number(pairs)).toBe(ENTITIES * RELATIONS.length * (VALUES.length - 1));
  });

  it('HLCs never go back for a client moving between instances, and no HLC an instance issued is used twice (property)', async () => {
    const step: fc.Arbitrary<Step> = fc.record({
      instance: fc.nat({ max: 2 }),
      kind: fc.constantFrom('assert' as const, 'batch' as const, 'import-ahead' as const),
      size: fc.integer({ min: 1, max: 20 }),
      aheadMs: fc.integer({ min: 1, max: 60_000 }),
    });
    const prefix = `stigmem://cluster/hlc-${uid()}`;
    let run = 0;
    /** One client's sequence of writes: every HLC the node issues it is above every one it saw before, imported ones included. */
    const client = async (steps: Step[], name: string) => {
      let last: string | null = null;
      for (const [n, s] of steps.entries()) {
        const entity = `${prefix}/${name}-${n}`;
        let hlcs: string[];
        if (s.kind === 'import-ahead') {
          // Another node's fact from up to a minute ahead: every instance's clock must follow it.
          const hlc = hlcText(Date.now() + s.aheadMs, s.size);
          const res = await at(s.instance).call('POST', '/v1/facts/import', { facts: [wireFact(entity, 'imported', { hlc, id: `${name}-${n}-${uid()}`, source: IMPORTER })] });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          hlcs = res.body.facts.map((f: { hlc: string }) => f.hlc);
        } else {
          const facts = Array.from({ length: s.kind === 'batch' ? s.size : 1 }, (_, k) => wireFact(entity, `v${k}`));
          const res = await at(s.instance).call('POST', '/v1/facts', s.kind === 'batch' ? { facts } : facts[0]);
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          hlcs = s.kind === 'batch' ? res.body.facts.map((f: { hlc: string }) => f.hlc) : [res.body.hlc];
        }
        for (const hlc of hlcs) {
          // An imported fact keeps its node's HLC, whatever it is; the node's own must pass every HLC before them.
          if (last && s.kind !== 'import-ahead') expect(compareHlcText(hlc, last), `${name} step ${n} on instance ${s.instance}: ${hlc} after ${last}`).toBeGreaterThan(0);
          if (!last || compareHlcText(hlc, last) > 0) last = hlc;
        }
      }
    };
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(step, { minLength: 3, maxLength: 12 }), { minLength: 3, maxLength: 3 }), async (clients) => {
        run++;
        // Three clients at once, each with its own path through the instances.
        await Promise.all(clients.map((steps, c) => client(steps, `r${run}c${c}`)));
      }),
      { numRuns: 12 },
    );
    // No HLC was issued twice, by one instance or two. Imports keep their node's HLC, so one may tie
    // another import, or an HLC this node issued before it arrived (an import from 1 ms ahead can
    // land after a batch issued HLCs in that millisecond): those ties are the protocol's, broken by id.
    const db = await getDb();
    const reused = await db.$queryRaw<{ hlc_wall: bigint; hlc_counter: number; n: bigint }[]>`
      SELECT hlc_wall, hlc_counter, count(*) AS n FROM facts WHERE source <> ${IMPORTER}
      GROUP BY hlc_wall, hlc_counter HAVING count(*) > 1`;
    expect(reused).toEqual([]);
    const [{ issued }] = await db.$queryRaw<{ issued: bigint }[]>`SELECT count(*) AS issued FROM facts WHERE entity LIKE ${`${prefix}%`} AND source <> ${IMPORTER}`;
    expect(Number(issued)).toBeGreaterThan(0);
  });

  it('a key created on one instance works on every instance, and its revocation on another is felt everywhere', async () => {
    const [a, b, c] = cluster().instances;
    const created = await a.call('POST', '/v1/auth/keys', { entity_uri: 'stigmem://cluster/agent', permissions: ['read', 'write'], allowed_scopes: ['team'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const key: string = created.body.key;
    const entity = `stigmem://cluster/key-${uid()}`;
    const written = await b.call('POST', '/v1/facts', wireFact(entity, 'from b', { scope: 'team' }), { key });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const read = await c.call('GET', `/v1/facts?entity=${encodeURIComponent(entity)}&scope=team`, undefined, { key });
    expect(read.status).toBe(200);
    expect(read.body.facts.map((f: { id: string }) => f.id)).toEqual([written.body.id]);
    expect((await a.call('GET', '/v1/facts?scope=local', undefined, { key })).status).toBe(403);

    expect((await c.call('DELETE', `/v1/auth/keys/${created.body.id}`)).status).toBe(204);
    for (const instance of [a, b, c]) expect((await instance.call('GET', '/v1/me', undefined, { key })).status).toBe(401);
  });

  it('a dashboard session signed in on one instance works on the others, and signing out on one ends it on all', async () => {
    const [a, b, c] = cluster().instances;
    // Sign-in takes JSON from the dashboard's own origin only.
    const signIn = await a.call('POST', '/api/session', { key: TEST_ADMIN_KEY }, { key: null, headers: { origin: a.url } });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0];
    expect(cookie).toMatch(/^stigmem_session=.+/);

    const me = await b.call('GET', '/v1/me', undefined, { key: null, headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.entity_uri).toBe('stigmem://local/admin');
    // A change through the session on a third instance, from that instance's own dashboard origin.
    const entity = `stigmem://cluster/session-${uid()}`;
    const written = await c.call('POST', '/v1/facts', wireFact(entity, 'via session'), { key: null, headers: { cookie, origin: c.url } });
    expect(written.status, JSON.stringify(written.body)).toBe(201);

    expect((await b.call('DELETE', '/api/session', undefined, { key: null, headers: { cookie } })).status).toBe(200);
    for (const instance of [a, b, c]) expect((await instance.call('GET', '/v1/me', undefined, { key: null, headers: { cookie } })).status).toBe(401);
  });
});
