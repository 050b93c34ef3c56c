import fc from 'fast-check';
import pg from 'pg';
import { expect, inject, it, vi } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { lockKeys } from '@/lib/facts/write-locks';
import { reserveHlcs } from '@/lib/facts/issue-hlcs';
import { compareHlc, type Hlc } from '@/lib/time/hlc';
import { logger } from '@/lib/observability/logger';
import { FactBatch, FactRecord } from '@/lib/wire/records';
import { api, compareHlcText, describeHttp, dispatch, expectBody, hlcText, setEnv, TEST_ADMIN_KEY, uid, uniqueEntity, wireFact } from '../harness';

// Writers no longer queue on one database-wide lock (docs/decisions.md § Parallel writes): a write
// waits only for writers of its own entities, or for one that holds its scope whole (a decay sweep
// chunk); and the HLC clock issues every writer a run of its own, never one HLC twice.

const postgresOnly = it.skipIf(inject('stigmemTestDatabase').kind !== 'postgres');

/** Holds advisory locks in another session, as a writer in the middle of its transaction does. */
async function holding<T>(keys: [number, number][], body: () => Promise<T>, mode: 'exclusive' | 'shared' = 'exclusive'): Promise<T> {
  const database = inject('stigmemTestDatabase');
  const holder = new pg.Client({ connectionString: database.kind === 'postgres' ? database.url : '' });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    for (const key of keys) await holder.query(`SELECT pg_advisory_xact_lock${mode === 'shared' ? '_shared' : ''}($1, $2)`, key);
    return await body();
  } finally {
    await holder.query('ROLLBACK');
    await holder.end();
  }
}

/** A write through the route, 5xx answers included (the harness client fails them on the spot). */
async function post(body: unknown, path = '/v1/facts') {
  const res = await dispatch('POST', path, { headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

describeHttp('parallel writes', () => {
  postgresOnly('a write waits only for the writers of its own entities: others in the same scope and in other scopes go ahead', async () => {
    const held = uniqueEntity('held');
    const sameScope = uniqueEntity('beside');
    const otherScope = uniqueEntity('elsewhere');
    setEnv({ STIGMEM_WRITE_LOCK_WAIT_MS: '300' });
    vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
    try {
      await holding([lockKeys.entity({ scope: 'team', entity: held })], async () => {
        expect((await post(wireFact(sameScope, 'red', { scope: 'team' }))).status).toBe(201);
        expect((await post(wireFact(otherScope, 'red', { scope: 'company' }))).status).toBe(201);
        // The held entity in another scope is another lock.
        expect((await post(wireFact(held, 'red', { scope: 'company' }))).status).toBe(201);
        const blocked = await post({ facts: [wireFact(sameScope, 'blue', { scope: 'team' }), wireFact(held, 'red', { scope: 'team' })] });
        expect(blocked).toMatchObject({ status: 503, body: { error: 'write_lock_busy' } });
      });
    } finally {
      setEnv({ STIGMEM_WRITE_LOCK_WAIT_MS: undefined });
      vi.restoreAllMocks();
    }
    // The refused batch wrote nothing, not even its other entity's fact.
    const facts = expectBody(await api.get('/v1/facts', { query: { entity: sameScope, scope: 'team' } }), 200, FactBatch).facts;
    expect(facts.map((f) => f.value)).toEqual([{ type: 'string', v: 'red' }]);
  });

  postgresOnly('a scope held whole (a sweep chunk) holds back its writers only, and a batch over 512 entities takes its scope whole', async () => {
    setEnv({ STIGMEM_WRITE_LOCK_WAIT_MS: '300' });
    vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
    try {
      await holding([lockKeys.scope('local')], async () => {
        expect((await post(wireFact(uniqueEntity('in-local'), 'red', { scope: 'local' }))).status).toBe(503);
        expect((await post(wireFact(uniqueEntity('in-public'), 'red', { scope: 'public' }))).status).toBe(201);
      });
      // The scope held shared, as every writer of it holds it: 512 entities lock one by one beside it, 513 wait for the scope whole.
      const wide = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => wireFact(`${prefix}/e${i}`, 'v', { scope: 'public' }));
      await holding([lockKeys.scope('public')], async () => {
        expect((await post({ facts: wide(uniqueEntity('narrow'), 512) })).status).toBe(201);
        expect((await post({ facts: wide(uniqueEntity('wide'), 513) })).status).toBe(503);
      }, 'shared');
      expect((await post({ facts: wide(uniqueEntity('wide'), 513) })).status).toBe(201);
    } finally {
      setEnv({ STIGMEM_WRITE_LOCK_WAIT_MS: undefined });
      vi.restoreAllMocks();
    }
  });

  it('a write\'s wait for its locks, and how long it held them, are counted in /metrics (PostgreSQL; PGlite takes none)', async () => {
    const waits = async () => {
      const text = (await api.get('/metrics')).body as string;
      const read = (name: string, lock: string) => Number(new RegExp(`^stigmem_write_lock_wait_seconds_${name}\\{lock="${lock}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
      const held = Number(/^stigmem_write_lock_held_seconds_count (\S+)$/m.exec(text)?.[1] ?? 0);
      return { entities: { count: read('count', 'entities'), sum: read('sum', 'entities') }, scopes: { count: read('count', 'scopes'), sum: read('sum', 'scopes') }, held };
    };
    const entity = uniqueEntity('waits');
    const before = await waits();
    if (inject('stigmemTestDatabase').kind !== 'postgres') {
      expect((await post(wireFact(entity, 'red', { scope: 'team' }))).status).toBe(201);
      expect(await waits()).toEqual(before);
      return;
    }
    // Held 700 ms by another session: the write waits for it (more than 0.3 s even if reaching its
    // locks took the write 400 ms on a loaded machine), then goes through.
    const { pending } = await holding([lockKeys.entity({ scope: 'team', entity })], async () => {
      const write = post(wireFact(entity, 'red', { scope: 'team' }));
      await new Promise((resolve) => setTimeout(resolve, 700));
      return { pending: write }; // not awaited here: the lock goes when this returns
    });
    expect((await pending).status).toBe(201);
    const after = await waits();
    expect(after.entities.count).toBe(before.entities.count + 1);
    expect(after.entities.sum - before.entities.sum).toBeGreaterThan(0.3);
    expect(after.scopes).toEqual(before.scopes);
    // And how long it then held them, once per write of facts.
    expect(after.held).toBe(before.held + 1);
    // Over 512 entities: the scope whole, counted under "scopes".
    const wide = Array.from({ length: 513 }, (_, i) => wireFact(`${uniqueEntity('wide')}/e${i}`, 'v', { scope: 'public' }));
    expect((await post({ facts: wide })).status).toBe(201);
    const wider = await waits();
    expect(wider.scopes.count).toBe(after.scopes.count + 1);
    expect(wider.entities).toEqual(after.entities);
    expect(wider.held).toBe(after.held + 1);
  });

  postgresOnly('two imports of one id into different entities at once: the second answers 409 duplicate_fact_id and writes nothing', async () => {
    const id = `dup-${uid()}`;
    const [first, second] = [uniqueEntity('dup-a'), uniqueEntity('dup-b')];
    const database = inject('stigmemTestDatabase');
    const holder = new pg.Client({ connectionString: database.kind === 'postgres' ? database.url : '' });
    await holder.connect();
    try {
      // The first import, caught between its insert and its commit.
      await holder.query('BEGIN');
      await holder.query(
        `INSERT INTO facts (id, entity, relation, scope, value, value_type, value_hash, source, timestamp, hlc_wall, hlc_counter, confidence)
         VALUES ($1, $2, 'memory:status', 'local', '{"type":"string","v":"a"}'::jsonb, 'string', 'a', 'stigmem://test/importer', now(), 1700000000000, 0, 1)`,
        [id, first],
      );
      const importing = post({ facts: [wireFact(second, 'b', { id, hlc: hlcText(1700000000001), source: 'stigmem://test/importer' })] }, '/v1/facts/import');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holder.query('COMMIT');
      expect(await importing).toMatchObject({ status: 409, body: { error: 'duplicate_fact_id' } });
    } finally {
      await holder.end();
    }
    const db = await getDb();
    expect(await db.$queryRaw`SELECT entity FROM facts WHERE id = ${id} OR entity = ${second}`).toEqual([{ entity: first }]);
  });

  it('the clock never goes back: a reservation with the physical clock behind, or after an HLC from ahead, comes after everything issued and seen', async () => {
    const db = await getDb();
    const reserve = (count: number, seen: Hlc | null, now?: number) => db.$transaction((tx) => reserveHlcs(tx, count, seen, now));
    const first = await reserve(5, null);
    const behind = await reserve(5, null, Date.now() - 3_600_000);
    expect(behind.first).toBeGreaterThan(first.first + first.count - 1);
    const ahead = { wall: Date.now() + 60_000, counter: 7 };
    const after = (await reserve(1, ahead)).take();
    expect(compareHlc(after, ahead)).toBeGreaterThan(0);
    expect(compareHlc((await reserve(1, null)).take(), after)).toBeGreaterThan(0);
  });

  it('16 writers at once, with imports from a clock ahead among them: no HLC issued twice, each writer sees its HLCs rise, the clock row stays ahead of them all', async () => {
    const prefix = uniqueEntity('clock');
    // Imports at most half a second ahead: the node's clock follows them, and other files on the shared
    // database read "as of a second from now".
    const step = fc.record({ kind: fc.constantFrom('assert' as const, 'batch' as const, 'import-ahead' as const), size: fc.integer({ min: 1, max: 40 }), aheadMs: fc.integer({ min: 1, max: 500 }) });
    const steps = fc.sample(fc.array(step, { minLength: 4, maxLength: 8 }), { numRuns: 16, seed: 20261127 });
    const writer = async (w: number) => {
      let last: string | null = null;
      for (const [n, s] of steps[w].entries()) {
        const entity = `${prefix}/w${w}-${n}`;
        let hlcs: string[];
        if (s.kind === 'import-ahead') {
          const fact = wireFact(entity, 'imported', { hlc: hlcText(Date.now() + s.aheadMs, s.size), id: `clock-${uid()}-w${w}-${n}`, source: 'stigmem://test/importer' });
          hlcs = [expectBody(await api.post('/v1/facts/import', { facts: [fact] }), 201, FactBatch).facts[0].hlc];
        } else if (s.kind === 'batch') {
          const facts = Array.from({ length: s.size }, (_, k) => wireFact(entity, `v${k}`, { relation: `memory:r${k}` }));
          hlcs = expectBody(await api.post('/v1/facts', { facts }), 201, FactBatch).facts.map((f) => f.hlc);
        } else {
          hlcs = [expectBody(await api.post('/v1/facts', wireFact(entity, 'one')), 201, FactRecord).hlc];
        }
        for (const hlc of hlcs) {
          if (last && s.kind !== 'import-ahead') expect(compareHlcText(hlc, last), `writer ${w} step ${n}`).toBeGreaterThan(0);
          if (!last || compareHlcText(hlc, last) > 0) last = hlc;
        }
      }
    };
    await Promise.all(steps.map((_, w) => writer(w)));

    // This test's facts only: other files write beside it on the shared database, imports among them,
    // whose HLCs are their nodes' and may tie anything.
    const db = await getDb();
    const reused = await db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM facts WHERE entity LIKE ${`${prefix}/%`} AND source <> 'stigmem://test/importer'
      GROUP BY hlc_wall, hlc_counter HAVING count(*) > 1`;
    expect(reused).toEqual([]);
    const [{ mine, behind }] = await db.$queryRaw<{ mine: bigint; behind: bigint }[]>`
      SELECT count(*) AS mine, count(*) FILTER (WHERE f.hlc_wall * 1000 + least(f.hlc_counter, 999) > c.issued) AS behind
      FROM facts f, hlc_clock c WHERE f.entity LIKE ${`${prefix}/%`}`;
    expect(Number(mine)).toBeGreaterThan(16 * 4);
    expect(Number(behind)).toBe(0);
  });
});
