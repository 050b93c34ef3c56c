import { expect, it } from 'vitest';
import { Prisma } from '@/lib/generated/prisma/client';
import { getDb } from '@/lib/db/prisma';
import { countedEntityLivenessSql, reconcileEntityLiveness } from '@/lib/facts/entity-liveness';
import { countReviewQueue, countReviewQueueFull } from '@/lib/facts/count-review-queue';
import { CONFLICT_SORTS, contradictionQueueSql, listContradictions, SORT_DIRECTIONS } from '@/lib/conflicts/list-conflicts';
import { readOnly } from '@/lib/db/read-only';
import { countSynthesisStats, maintainedSynthesisStats } from '@/lib/synthesis/synthesis-stats';
import { reconcileSynthesisState, settleSynthesisState } from '@/lib/synthesis/synthesis-state';
import { reconcileSourceState, sourceStateDriftSql, type SourceStateDrift } from '@/lib/sources/source-state';
import { LintResult } from '@/lib/wire/lint';
import { FactRecord } from '@/lib/wire/records';
import { advanceClock, api, conflictsOf, describeHttp, expectBody, uid, wireFact, withClockHeld, type WireValue } from '../harness';
import { createPolicy, importAged } from '../decay-helpers';

// Maintained health state (docs/decisions.md § Maintained health state): entity_liveness and the
// synthesis state, kept by the write path, must equal a count from the value heads after any
// sequence of writes, retractions, resolutions, quarantine decisions, decay sweeps and expiries;
// lint's orphan and broken_ref findings, which read entity_liveness, must equal the checks'
// definitions evaluated on the heads at the lint's own instant; the synthesis statistics read from
// the maintained state must equal a full count at any instant (before, at and after expiries). The
// reconciler finds and repairs drift; the settler changes what a read reads, never its answer.

const SCOPE = 'company';

interface HeadRow {
  entity: string;
  value_type: string;
  ref_target: string | null;
  head_fact_id: string;
  confidence: number;
  valid_until: Date | null;
}

/** mulberry32: a small seeded generator, so a failing sequence can be replayed from its seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] };
}

/** Maintained rows and counted figures of the entities under `prefix` that disagree (empty when they agree). */
async function drift(prefix: string): Promise<unknown[]> {
  const db = await getDb();
  return db.$queryRaw(Prisma.sql`
    SELECT coalesce(c.entity, m.entity) AS entity, m.live_until::text AS kept, c.live_until::text AS counted
    FROM (SELECT * FROM (${countedEntityLivenessSql(SCOPE)}) x WHERE starts_with(x.entity, ${prefix})) c
    FULL JOIN (SELECT * FROM entity_liveness WHERE scope = ${SCOPE} AND starts_with(entity, ${prefix})) m ON m.entity = c.entity
    WHERE m.live_until IS DISTINCT FROM c.live_until`);
}

/**
 * The scope's synthesis statistics and review-queue figures from the maintained state against a
 * full count, in one snapshot, at each of `instants`: the differences (empty when they agree).
 */
async function synthesisDrift(instants: Date[]): Promise<unknown[]> {
  return readOnly(async (tx) => {
    const differences: unknown[] = [];
    for (const now of instants) {
      const kept = await maintainedSynthesisStats(tx, SCOPE, now);
      const counted = await countSynthesisStats(tx, { scope: SCOPE, includeExpired: false, now });
      if (JSON.stringify(kept) !== JSON.stringify(counted)) differences.push({ at: now.toISOString(), kept, counted });
      const keptQueue = await countReviewQueue(tx, [SCOPE], now);
      const countedQueue = await countReviewQueueFull(tx, [SCOPE], now);
      if (JSON.stringify(keptQueue) !== JSON.stringify(countedQueue)) differences.push({ at: now.toISOString(), keptQueue, countedQueue });
    }
    return differences;
  });
}

/**
 * The review queue as its pages list it from the maintained state (pages of 2, in every order, and
 * the queue's order with each age filter, at `now`) against the whole list from every contradiction's review columns at the
 * same instant (contradictionQueueSql): the differences.
 */
async function queueDrift(now: Date): Promise<unknown[]> {
  const differences: unknown[] = [];
  for (const sort of CONFLICT_SORTS) {
    for (const dir of SORT_DIRECTIONS) {
      for (const aged of sort === 'queue' ? [undefined, true, false] : [undefined]) {
        const query = { scopes: [SCOPE] as 'company'[], status: 'unresolved' as const, sort, dir, aged, limit: 2 };
        const paged: string[] = [];
        const offsets: number[] = [];
        const totals: number[] = [];
        let cursor: string | undefined;
        do {
          const page = await listContradictions({ ...query, cursor }, now);
          offsets.push(page.offset);
          totals.push(page.total);
          paged.push(...page.contradictions.map((c) => c.contradiction_id));
          cursor = page.cursor ?? undefined;
        } while (cursor);
        const full = await readOnly((tx) => tx.$queryRaw<{ id: string }[]>(contradictionQueueSql(query, Prisma.empty, Prisma.empty, now)));
        // Every page knows the whole list's length and how many rows came before it.
        const expected = { ids: full.map((r) => r.id), totals: totals.map(() => full.length), offsets: offsets.map((_, i) => i * 2) };
        if (JSON.stringify({ ids: paged, totals, offsets }) !== JSON.stringify(expected)) differences.push({ sort, dir, aged, paged, totals, offsets, expected });
      }
    }
  }
  return differences;
}

/** Every scope's fact rows as the insert trigger kept them against a count of its facts, in one snapshot: the differences. */
async function factRowsDrift(): Promise<unknown[]> {
  return readOnly((tx) => tx.$queryRaw(Prisma.sql`
    SELECT coalesce(k.scope, c.scope) AS scope, k.n AS kept, c.n AS counted
    FROM (SELECT scope, sum(fact_rows)::bigint AS n FROM scope_revisions GROUP BY scope HAVING sum(fact_rows) > 0) k
    FULL JOIN (SELECT scope, count(*)::bigint AS n FROM facts GROUP BY scope) c ON c.scope = k.scope
    WHERE k.n IS DISTINCT FROM c.n`));
}

/**
 * What each source wrote and holds as the triggers kept them (source_writes, source_heads) against a
 * count of the facts and the heads, and every conflict's two sources against its facts', in one
 * snapshot (the reconciler's comparison; GET /v1/sources against full=true checks it from outside): the differences.
 */
async function sourceDrift(): Promise<SourceStateDrift[]> {
  return (await getDb()).$queryRaw<SourceStateDrift[]>(sourceStateDriftSql());
}

/** GET /v1/sources of the scope from the maintained figures against full=true (every fact and conflict read), both at one instant (values expire between steps). */
async function sourcesAnswers(): Promise<{ kept: unknown; full: unknown }> {
  const read = async (full: boolean) => {
    const res = await api.get('/v1/sources', { query: { scope: SCOPE, limit: 500, sort: 'source', ...(full ? { full: 'true' } : {}) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  return withClockHeld(async () => ({ kept: await read(false), full: await read(true) }));
}

/** Now, and instants around the expiries the steps write (0.5–3.5 s ahead) and before them. */
const aroundNow = () => [0, 700, 1_500, 2_600, 4_000, -1_000, -60_000].map((ms) => new Date(Date.now() + ms));

async function headsOf(prefix: string): Promise<HeadRow[]> {
  const db = await getDb();
  return db.$queryRaw<HeadRow[]>`
    SELECT entity, value_type, ref_target, head_fact_id, confidence, valid_until FROM value_heads
    WHERE scope = ${SCOPE} AND starts_with(entity, ${prefix})`;
}

/** Whether each ref target of `heads` outside them is live at `at`: an entity with a live head, or a fact whose value's head is live. */
async function targetsLiveAt(heads: HeadRow[], at: Date): Promise<Set<string>> {
  const targets = [...new Set(heads.map((h) => h.ref_target).filter((t): t is string => t !== null))];
  const db = await getDb();
  const rows = await db.$queryRaw<{ target: string }[]>`
    SELECT vh.entity AS target FROM value_heads vh
    WHERE vh.scope = ${SCOPE} AND vh.entity = ANY(${targets}::text[]) AND vh.confidence > 0 AND (vh.valid_until IS NULL OR vh.valid_until >= ${at})
    UNION
    SELECT f.id FROM facts f JOIN value_heads vh ON vh.entity = f.entity AND vh.relation = f.relation AND vh.scope = f.scope AND vh.value_hash = f.value_hash
    WHERE f.id = ANY(${targets}::text[]) AND f.scope = ${SCOPE} AND vh.confidence > 0 AND (vh.valid_until IS NULL OR vh.valid_until >= ${at})`;
  return new Set(rows.map((r) => r.target));
}

/** Orphans and broken refs of the entities under `prefix` by the checks' definitions (§14.1), evaluated on the heads at `at`. */
async function expectedFindings(prefix: string, at: Date) {
  const heads = await headsOf(prefix);
  const live = (h: HeadRow) => h.confidence > 0 && (h.valid_until === null || h.valid_until.getTime() >= at.getTime());
  const liveEntities = new Set(heads.filter(live).map((h) => h.entity));
  const liveTargets = await targetsLiveAt(heads, at);
  const orphans = [...new Set(heads.map((h) => h.entity))].filter((e) => !liveEntities.has(e)).sort();
  const broken = heads
    .filter((h) => h.value_type === 'ref' && h.ref_target !== null && live(h) && !liveTargets.has(h.ref_target))
    .map((h) => `${h.entity} → ${h.ref_target} (${h.head_fact_id})`)
    .sort();
  return { orphans, broken };
}

async function lintedFindings(prefix: string) {
  const result = expectBody(await api.post('/v1/lint', { scope: SCOPE, checks: ['orphan', 'broken_ref'] }), 200, LintResult);
  const ours = result.findings.filter((f) => f.entity.startsWith(prefix));
  return {
    at: new Date(result.checked_at),
    orphans: ours.filter((f) => f.check === 'orphan').map((f) => f.entity).sort(),
    broken: ours.filter((f) => f.check === 'broken_ref').map((f) => `${f.entity} → ${f.ref_target} (${f.fact_ids[0]})`).sort(),
  };
}

async function write(fact: ReturnType<typeof wireFact>) {
  const res = await api.post('/v1/facts', { scope: SCOPE, ...fact });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return FactRecord.parse(res.body);
}

/** One random step through a real write path of the node; returns what it did, for the failure message. */
async function step(random: ReturnType<typeof generator>, world: { entities: string[]; ns: string; factIds: string[] }): Promise<string> {
  const entity = random.pick(world.entities);
  const relation = `${world.ns}:${random.pick(['status', 'role'])}`;
  const value = random.pick(['red', 'green', 'blue']);
  const expiring = () => random.pick([undefined, undefined, new Date(Date.now() + 500 + Math.floor(random.next() * 3000)).toISOString()]);
  const kind = random.pick(['assert', 'assert', 'assert', 'assert', 'retract value', 'retract triple', 'ref', 'ref', 'resolve', 'dismiss', 'reopen or undo', 'quarantine', 'decide quarantine', 'sweep', 'time']);
  switch (kind) {
    case 'assert': {
      // A source per value (no random draw: the seeded sequences stay as they were), so the sources' figures see several.
      const source = `stigmem://test/${world.ns}/agent-${value}`;
      const fact = await write(wireFact(entity, value, { relation, source, valid_until: expiring(), confidence: Math.round((0.2 + random.next() * 0.8) * 100) / 100 }));
      world.factIds.push(fact.id);
      return `${kind} ${entity} ${relation} ${value}`;
    }
    case 'retract value':
      await write(wireFact(entity, value, { relation, confidence: 0 }));
      return `${kind} ${entity} ${relation} ${value}`;
    case 'retract triple':
      await write(wireFact(entity, { type: 'null' }, { relation, confidence: 0 }));
      return `${kind} ${entity} ${relation}`;
    case 'ref': {
      // To an entity of the world, a fact id, or an entity nothing was ever written about.
      const target = random.next() < 0.2 && world.factIds.length ? random.pick(world.factIds) : random.next() < 0.15 ? `${world.entities[0]}-never` : random.pick(world.entities);
      const ref: WireValue = { type: 'ref', v: target };
      await write(wireFact(entity, ref, { relation: `${world.ns}:link`, valid_until: expiring() }));
      return `${kind} ${entity} → ${target}`;
    }
    case 'resolve': {
      const [open] = await conflictsOf(entity, 'unresolved');
      if (!open?.fact_a) return `${kind} (nothing open on ${entity})`;
      const res = await api.post(`/v1/conflicts/${encodeURIComponent(open.conflict_id)}/resolve`, { winning_fact_id: open.fact_a.id, resolution_note: 'property test' });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      return `${kind} ${open.conflict_id} (${res.status})`;
    }
    case 'dismiss': {
      // Closes the contradiction and keeps its values: only the contradiction's status changes.
      const [open] = await conflictsOf(entity, 'unresolved');
      if (!open) return `${kind} (nothing open on ${entity})`;
      const res = await api.post(`/v1/conflicts/${encodeURIComponent(open.conflict_id)}/dismiss`, { resolution_note: 'property test' });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      return `${kind} ${open.conflict_id} (${res.status})`;
    }
    case 'reopen or undo': {
      const [decided] = await conflictsOf(entity, 'resolved');
      if (!decided) return `${kind} (nothing decided on ${entity})`;
      const verb = random.pick(['reopen', 'undo']);
      const res = await api.post(`/v1/conflicts/${encodeURIComponent(decided.conflict_id)}/${verb}`, {});
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      return `${verb} ${decided.conflict_id} (${res.status})`;
    }
    case 'quarantine': {
      if (!world.factIds.length) return `${kind} (no fact yet)`;
      const factId = random.pick(world.factIds);
      const res = await api.post('/v1/quarantine', { fact_id: factId, reason: 'property test' });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      return `${kind} ${factId} (${res.status})`;
    }
    case 'decide quarantine': {
      if (!world.factIds.length) return `${kind} (no fact yet)`;
      const factId = random.pick(world.factIds);
      const res = await api.post(`/v1/quarantine/${factId}/${random.pick(['admit', 'reject'])}`, { reason: 'property test' });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      return `${kind} ${factId} (${res.status})`;
    }
    case 'sweep': {
      // An old assertion the retract policy of this world's `old` relation takes out.
      await importAged(entity, `${world.ns}:old`, value, 7200);
      const res = await api.post('/v1/decay/sweep', { scope: SCOPE, policy_id: `${world.ns}-ttl` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return `${kind} ${entity}`;
    }
    default: {
      const ms = 500 + Math.floor(random.next() * 2500);
      advanceClock(ms);
      return `${kind} +${ms} ms`;
    }
  }
}

describeHttp('maintained health state', () => {
  for (const seed of [1, 2, 3]) {
    it(`equals a count from the heads after every step; lint's orphans and broken refs follow the checks' definitions; synthesis statistics, review-queue figures and the queue's pages equal a full count (seed ${seed})`, { timeout: 120_000 }, async () => {
      const ns = `live${uid()}`;
      const prefix = `stigmem://test/${ns}/`;
      const world = { entities: [0, 1, 2, 3].map((i) => `${prefix}e${i}`), ns, factIds: [] as string[] };
      await createPolicy({ id: `${ns}-ttl`, relation: `${ns}:old`, scope: SCOPE, mode: 'retract', ttl_s: 3600 });
      const random = generator(seed);
      const done: string[] = [];
      for (let i = 0; i < 45; i++) {
        done.push(await step(random, world));
        expect(await drift(prefix), done.join('\n')).toEqual([]);
        expect(await synthesisDrift(aroundNow()), done.join('\n')).toEqual([]);
        expect(await factRowsDrift(), done.join('\n')).toEqual([]);
        expect(await sourceDrift(), done.join('\n')).toEqual([]);
        if (i % 5 === 4) {
          const sources = await sourcesAnswers();
          expect(sources.kept, done.join('\n')).toEqual(sources.full);
          // Now, and three weeks on: every contradiction aged, every expiring value expired (read again at that instant).
          expect(await queueDrift(new Date()), done.join('\n')).toEqual([]);
          expect(await queueDrift(new Date(Date.now() + 21 * 86400_000)), done.join('\n')).toEqual([]);
          const linted = await lintedFindings(prefix);
          const { orphans, broken } = await expectedFindings(prefix, linted.at);
          expect({ orphans: linted.orphans, broken: linted.broken }, done.join('\n')).toEqual({ orphans, broken });
        }
      }
    });
  }

  it('stays equal to the count under concurrent writers of the same entities, raising and lowering', { timeout: 120_000 }, async () => {
    const ns = `live${uid()}`;
    const prefix = `stigmem://test/${ns}/`;
    const entities = [0, 1, 2].map((i) => `${prefix}e${i}`);
    const soon = () => new Date(Date.now() + 60_000).toISOString();
    // The source figures' reconciler runs beside the writers: a write in flight is never drift.
    let writing = true;
    const reconciled: number[] = [];
    const reconciler = (async () => {
      while (writing) reconciled.push((await reconcileSourceState(SCOPE)).repaired);
    })();
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; i < 10; i++) {
          const entity = entities[(w + i) % entities.length];
          const relation = `${ns}:r${w % 4}`;
          const facts = [
            wireFact(entity, `v${i % 3}`, { relation, scope: SCOPE, valid_until: i % 2 ? soon() : undefined }),
            wireFact(entity, i % 4 === 3 ? { type: 'null' } : `v${(i + 1) % 3}`, { relation, scope: SCOPE, confidence: i % 4 === 3 ? 0 : 0.5 }),
          ];
          const res = await api.post('/v1/facts', { facts });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
        }
      }),
    ).finally(() => (writing = false));
    await reconciler;
    expect(reconciled.length).toBeGreaterThan(0);
    expect(reconciled.filter((n) => n > 0)).toEqual([]);
    expect(await drift(prefix)).toEqual([]);
    expect(await synthesisDrift(aroundNow())).toEqual([]);
    expect(await factRowsDrift()).toEqual([]);
    expect(await sourceDrift()).toEqual([]);
  });

  it('the reconciler finds a changed, a missing and a stray row, repairs them and counts them in /metrics', async () => {
    const ns = `live${uid()}`;
    const prefix = `stigmem://test/${ns}/`;
    const [alive, dead, stray] = ['alive', 'dead', 'stray'].map((name) => `${prefix}${name}`);
    await write(wireFact(alive, 'here', { relation: `${ns}:status` }));
    await write(wireFact(dead, 'gone', { relation: `${ns}:status` }));
    await write(wireFact(dead, 'gone', { relation: `${ns}:status`, confidence: 0 }));
    expect((await lintedFindings(prefix)).orphans).toEqual([dead]);

    const db = await getDb();
    await db.$executeRaw`UPDATE entity_liveness SET live_until = '-infinity' WHERE scope = ${SCOPE} AND entity = ${alive}`;
    await db.$executeRaw`DELETE FROM entity_liveness WHERE scope = ${SCOPE} AND entity = ${dead}`;
    await db.$executeRaw`INSERT INTO entity_liveness (scope, entity, live_until) VALUES (${SCOPE}, ${stray}, '-infinity')`;
    // Lint answers from the maintained rows: the drift shows (a stray row without heads is no finding).
    expect((await lintedFindings(prefix)).orphans).toEqual([alive]);
    expect(await drift(prefix)).toHaveLength(3);

    const before = await driftCounted('entity_liveness');
    const { repaired } = await reconcileEntityLiveness(SCOPE);
    expect(repaired).toBeGreaterThanOrEqual(3);
    expect(await drift(prefix)).toEqual([]);
    expect((await lintedFindings(prefix)).orphans).toEqual([dead]);
    expect((await driftCounted('entity_liveness')) - before).toBe(repaired);
    // Nothing left to repair.
    expect((await reconcileEntityLiveness(SCOPE)).repaired).toBe(0);
  });

  it('synthesis: the reconciler finds a changed triple and a lost change, repairs both and counts them in /metrics', async () => {
    const ns = `live${uid()}`;
    const entity = `stigmem://test/${ns}/e`;
    await write(wireFact(entity, 'a', { relation: `${ns}:one`, confidence: 0.9 }));
    await write(wireFact(entity, 'b', { relation: `${ns}:two`, confidence: 0.4 }));
    expect(await synthesisDrift([new Date()])).toEqual([]);

    const db = await getDb();
    await db.$executeRaw`UPDATE synthesis_triples SET centile = 3 WHERE scope = ${SCOPE} AND entity = ${entity} AND relation = ${`${ns}:one`}`;
    await db.$executeRaw`INSERT INTO synthesis_counts (scope, centile, contradicted, entries, facts) VALUES (${SCOPE}, 40, false, -1, -1)`;
    expect(await synthesisDrift([new Date()])).toHaveLength(1);

    const before = await driftCounted('synthesis');
    const { repaired } = await reconcileSynthesisState(SCOPE);
    expect(repaired).toBeGreaterThanOrEqual(1);
    expect(await synthesisDrift(aroundNow())).toEqual([]);
    expect((await driftCounted('synthesis')) - before).toBe(repaired);
    expect((await reconcileSynthesisState(SCOPE)).repaired).toBe(0);
  });

  it('sources: the reconciler finds a changed, a missing and a stray figure and a conflict without its sources, repairs them and counts them in /metrics', async () => {
    const ns = `src${uid()}`;
    const entity = `stigmem://test/${ns}/e`;
    const [a, b] = ['a', 'b'].map((name) => `stigmem://test/${ns}/agent-${name}`);
    await write(wireFact(entity, 'red', { relation: `${ns}:color`, source: a }));
    await write(wireFact(entity, 'blue', { relation: `${ns}:color`, source: b }));
    await write(wireFact(entity, 'tall', { relation: `${ns}:size`, source: a }));
    const [conflict] = await conflictsOf(entity, 'unresolved');
    const stray = `stigmem://test/${ns}/agent-stray`;
    expect(await sourceDrift()).toEqual([]);
    const clean = await sourcesAnswers();
    expect(clean.kept).toEqual(clean.full);

    const db = await getDb();
    await db.$executeRaw`UPDATE source_writes SET facts = facts + 5, last_write = last_write + interval '1 day' WHERE scope = ${SCOPE} AND source = ${a}`;
    await db.$executeRaw`DELETE FROM source_writes WHERE scope = ${SCOPE} AND source = ${b}`;
    await db.$executeRaw`INSERT INTO source_writes (scope, source, stripe, facts, retractions, first_write, last_write) VALUES (${SCOPE}, ${stray}, 3, 7, 1, now(), now())`;
    await db.$executeRaw`UPDATE source_heads SET values_held = values_held + 2 WHERE scope = ${SCOPE} AND source = ${a}`;
    await db.$executeRaw`UPDATE conflicts SET source_a = NULL WHERE id = ${conflict.conflict_id}`;
    const found = await sourceDrift();
    expect(found).toEqual(expect.arrayContaining([
      { kind: 'writes', scope: SCOPE, key: a },
      { kind: 'writes', scope: SCOPE, key: b },
      { kind: 'writes', scope: SCOPE, key: stray },
      { kind: 'heads', scope: SCOPE, key: a },
      { kind: 'conflict', scope: SCOPE, key: conflict.conflict_id },
    ]));
    // The page answers from the drifted figures; the full count does not.
    const drifted = await sourcesAnswers();
    expect(drifted.kept).not.toEqual(drifted.full);

    const before = await driftCounted('sources');
    const { repaired } = await reconcileSourceState(SCOPE);
    expect(repaired).toBe(found.length);
    expect(await sourceDrift()).toEqual([]);
    const after = await sourcesAnswers();
    expect(after.kept).toEqual(after.full);
    const mine = (answer: unknown) => (answer as { sources: { source: string }[] }).sources.filter((s) => s.source.includes(ns));
    expect(mine(after.full)).toEqual(mine(clean.full));
    expect((await driftCounted('sources')) - before).toBe(repaired);
    expect((await reconcileSourceState(SCOPE)).repaired).toBe(0);
  });

  it('review queue: the reconciler finds a contradiction opening the maintained row lost, repairs it and counts it in /metrics', async () => {
    const ns = `live${uid()}`;
    const entity = `stigmem://test/${ns}/e`;
    await write(wireFact(entity, 'a', { relation: `${ns}:one`, confidence: 0.9 }));
    await write(wireFact(entity, 'b', { relation: `${ns}:one`, confidence: 0.8 }));
    const db = await getDb();
    const row = () => db.$queryRaw<{ contradicted: boolean; since: Date | null }[]>`
      SELECT contradicted, contradicted_since AS since FROM synthesis_triples WHERE scope = ${SCOPE} AND entity = ${entity}`.then(([r]) => r);
    const [opened] = await db.$queryRaw<{ at: Date }[]>`SELECT opened_at AS at FROM contradictions WHERE entity = ${entity} AND status = 'open'`;
    expect(await row()).toEqual({ contradicted: true, since: opened.at });
    expect(await synthesisDrift([new Date()])).toEqual([]);

    // A month older than it is: aged, and the mean age moves, by the maintained figures only.
    await db.$executeRaw`UPDATE synthesis_triples SET contradicted_since = contradicted_since - interval '30 days' WHERE scope = ${SCOPE} AND entity = ${entity}`;
    const [drifted] = (await synthesisDrift([new Date()])) as { keptQueue: { aged_contradictions: number }; countedQueue: { aged_contradictions: number } }[];
    expect(drifted.keptQueue.aged_contradictions).toBe(drifted.countedQueue.aged_contradictions + 1);

    const before = await driftCounted('synthesis');
    const { repaired } = await reconcileSynthesisState(SCOPE);
    expect(repaired).toBeGreaterThanOrEqual(1);
    expect(await row()).toEqual({ contradicted: true, since: opened.at });
    expect(await synthesisDrift(aroundNow())).toEqual([]);
    expect((await driftCounted('synthesis')) - before).toBe(repaired);

    // Dismissed: the row is no longer contradicted and keeps no opening.
    const [open] = await conflictsOf(entity, 'unresolved');
    expect((await api.post(`/v1/conflicts/${encodeURIComponent(open.conflict_id)}/dismiss`, { resolution_note: 'test' })).status).toBe(200);
    expect(await row()).toEqual({ contradicted: false, since: null });
    expect(await synthesisDrift([new Date()])).toEqual([]);
  });

  it("review queue: its pages equal the whole list, in every order and age filter, with aged contradictions and values expiring", { timeout: 60_000 }, async () => {
    const ns = `queue${uid()}`;
    const entity = `stigmem://test/${ns}/e`;
    const DAY = 86400_000;
    const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
    const triple = async (relation: string, values: { v: string; until?: string }[]) => {
      const facts = values.map(({ v, until }, i) => wireFact(entity, v, { relation: `${ns}:${relation}`, scope: SCOPE, valid_until: until, confidence: 0.9 - i * 0.1 }));
      expect((await api.post('/v1/facts', { facts })).status).toBe(201);
    };
    // r0–r2 open a moment before r3–r5 (the clock moves 2 s: a shared database's HLC must not jump days);
    // r1, r2, r4 and r5 each hold a value that expires in two days.
    await triple('r0', [{ v: 'a' }, { v: 'b' }]);
    await triple('r1', [{ v: 'a' }, { v: 'b' }, { v: 'c', until: inDays(2) }]);
    await triple('r2', [{ v: 'a' }, { v: 'b', until: inDays(2) }]);
    const split = Date.now() + 1_000;
    advanceClock(2_000);
    await triple('r3', [{ v: 'a' }, { v: 'b' }]);
    await triple('r4', [{ v: 'a' }, { v: 'b' }, { v: 'c' }, { v: 'd', until: inDays(2) }]);
    await triple('r5', [{ v: 'a' }, { v: 'b', until: inDays(2) }]);
    const mine = async (aged: boolean, at: Date) =>
      (await listContradictions({ scopes: [SCOPE], status: 'unresolved', entity, aged, limit: 50 }, at)).contradictions.map((c) => c.relation.split(':')[1]).sort();
    const now = new Date();
    expect({ aged: await mine(true, now), fresh: await mine(false, now) }).toEqual({ aged: [], fresh: ['r0', 'r1', 'r2', 'r3', 'r4', 'r5'] });
    expect(await queueDrift(now)).toEqual([]);
    // Fourteen days after the split: r0–r2 aged, r3–r5 not; r2 and r5 lost their second value, no longer contradicted.
    const later = new Date(split + 14 * DAY);
    expect({ aged: await mine(true, later), fresh: await mine(false, later) }).toEqual({ aged: ['r0', 'r1'], fresh: ['r3', 'r4'] });
    expect(await queueDrift(later)).toEqual([]);
    expect(await synthesisDrift([now, later])).toEqual([]);
    // Read by a clock a day behind the one that opened them (an instance's clock may lag another's): no negative age.
    const behind = new Date(now.getTime() - DAY);
    const ages = (await listContradictions({ scopes: [SCOPE], status: 'all', entity, limit: 50 }, behind)).contradictions.map((c) => c.age_days ?? 0);
    expect(Math.min(...ages)).toBe(0);
    expect((await readOnly((tx) => countReviewQueue(tx, [SCOPE], behind))).mean_pending_age_days).toBeGreaterThanOrEqual(0);
  });

  it('synthesis: the settler counts again the triples whose values expired and folds the changes, and reads answer the same before and after', { timeout: 30_000 }, async () => {
    const ns = `live${uid()}`;
    const entity = `stigmem://test/${ns}/e`;
    const db = await getDb();
    // Expiring a second from now by the database's clock, which the settler goes by.
    const [{ at }] = await db.$queryRaw<{ at: Date }[]>`SELECT statement_timestamp() + interval '1 second' AS at`;
    await write(wireFact(entity, 'soon', { relation: `${ns}:r`, valid_until: at.toISOString(), confidence: 0.7 }));
    await write(wireFact(entity, 'later', { relation: `${ns}:r`, confidence: 0.3 }));
    const unsettled = () => db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM synthesis_triples WHERE scope = ${SCOPE} AND valid_through < statement_timestamp()`.then(([row]) => Number(row.n));
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(await unsettled()).toBeGreaterThanOrEqual(1);
    const instants = [new Date(), new Date(at.getTime() - 500)];
    expect(await synthesisDrift(instants)).toEqual([]);
    const answered = await readOnly((tx) => maintainedSynthesisStats(tx, SCOPE, instants[0]));

    expect(await settleSynthesisState(SCOPE)).toBeGreaterThanOrEqual(1);
    expect(await unsettled()).toBe(0);
    const [{ rows, groups }] = await db.$queryRaw<{ rows: bigint; groups: bigint }[]>`
      SELECT count(*) AS rows, count(DISTINCT (centile, contradicted)) AS groups FROM synthesis_counts WHERE scope = ${SCOPE}`;
    expect(Number(rows)).toBe(Number(groups));
    expect(await readOnly((tx) => maintainedSynthesisStats(tx, SCOPE, instants[0]))).toEqual(answered);
    expect(await synthesisDrift(instants)).toEqual([]);
    // Settled and folded already: the next pass rewrites nothing.
    const ids = () => db.$queryRaw<{ ids: string }[]>`SELECT array_agg(id ORDER BY id)::text AS ids FROM synthesis_counts WHERE scope = ${SCOPE}`.then(([row]) => row.ids);
    const folded = await ids();
    expect(await settleSynthesisState(SCOPE)).toBe(0);
    expect(await ids()).toBe(folded);
  });
});

/** stigmem_maintained_state_drift_total{state} as /metrics shows it (0 before the first drift). */
async function driftCounted(state: string): Promise<number> {
  const res = await api.get('/metrics');
  expect(res.status).toBe(200);
  const line = String(res.body).split('\n').find((l) => l.startsWith(`stigmem_maintained_state_drift_total{state="${state}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}
