import pg from 'pg';
import { afterEach, expect, inject, it } from 'vitest';
import { Prisma } from '@/lib/generated/prisma/client';
import { readOnlyShared, SHARED_CONNECT_WAIT_MS } from '@/lib/db/read-only';
import { readMergedCursors } from '@/lib/db/read-cursor';
import { getDb, type Tx } from '@/lib/db/prisma';
import { config } from '@/lib/config/config';
import { describeHttp, setEnv, uniqueEntity } from '../harness';

// readOnlyShared: several READ ONLY transactions on one snapshot, each on its own connection on
// PostgreSQL (the lint job reads its checks side by side through them); readMergedCursors: sorted
// queries on those transactions merged by block.

const database = inject('stigmemTestDatabase');
const onPostgres = database.kind === 'postgres';

const backendAndSnapshot = async (tx: Tx) =>
  (await tx.$queryRaw<{ pid: number; snapshot: string }[]>`SELECT pg_backend_pid() AS pid, pg_current_snapshot()::text AS snapshot`)[0];

const pool = process.env.STIGMEM_DB_POOL;
afterEach(() => setEnv({ STIGMEM_DB_POOL: pool }));

describeHttp('shared snapshot', () => {
  it.runIf(onPostgres)('gives each transaction its own connection, all on one snapshot that a later commit does not change', async () => {
    // A table of this test's own (left in place: other files may be reading the table list meanwhile).
    const db = await getDb();
    await db.$executeRaw`CREATE TABLE IF NOT EXISTS shared_snapshot_probe (mark text)`;
    const mark = uniqueEntity('shared');
    const count = (tx: Tx) => tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM shared_snapshot_probe WHERE mark = ${mark}`.then(([row]) => row.n);
    const seen = await readOnlyShared(3, async (txs) => {
      const before = await Promise.all(txs.map(backendAndSnapshot));
      // Committed by another connection while the three are open.
      const client = new pg.Client({ connectionString: database.kind === 'postgres' ? database.url : '' });
      await client.connect();
      await client.query('INSERT INTO shared_snapshot_probe (mark) VALUES ($1)', [mark]);
      await client.end();
      return { before, counts: await Promise.all(txs.map(count)) };
    });
    expect(new Set(seen.before.map((b) => b.pid)).size).toBe(3);
    expect(new Set(seen.before.map((b) => b.snapshot)).size).toBe(1);
    expect(seen.counts).toEqual([0, 0, 0]);
    expect(await readOnlyShared(1, ([tx]) => count(tx))).toBe(1);
  });

  it.runIf(onPostgres)('opens at most STIGMEM_DB_POOL − 1 transactions', async () => {
    setEnv({ STIGMEM_DB_POOL: '3' });
    const pids = await readOnlyShared(3, (txs) => Promise.all(txs.map(backendAndSnapshot)));
    expect(new Set(pids.map((p) => p.pid)).size).toBe(2);
  });

  it.runIf(onPostgres)('goes on with the transactions it has when the pool has no connection for another within the wait', async () => {
    // The node's pool holds STIGMEM_DB_POOL connections (test/setup-db.ts): hold all but two, then ask for four.
    const size = config().database.pool;
    const db = await getDb();
    const release: (() => void)[] = [];
    const held = Array.from({ length: size - 2 }, () => db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      await new Promise<void>((resolve) => release.push(resolve));
    }, { maxWait: 10_000, timeout: 30_000 }));
    while (release.length < size - 2) await new Promise((resolve) => setTimeout(resolve, 20));
    try {
      setEnv({ STIGMEM_DB_POOL: '20' });
      const started = Date.now();
      const got = await readOnlyShared(4, (txs) => Promise.all(txs.map(backendAndSnapshot)));
      expect(got).toHaveLength(2);
      expect(new Set(got.map((g) => g.snapshot)).size).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(SHARED_CONNECT_WAIT_MS - 100);
    } finally {
      release.forEach((resolve) => resolve());
      await Promise.all(held);
    }
  });

  it.runIf(!onPostgres)('is one transaction on the embedded database (one session)', async () => {
    const txs = await readOnlyShared(3, async (txs) => txs);
    expect(txs).toHaveLength(1);
  });

  it('a write inside any of the transactions fails: they are READ ONLY', async () => {
    await expect(readOnlyShared(2, (txs) => txs.at(-1)!.$executeRaw`DELETE FROM facts WHERE false`)).rejects.toThrow(/read-only/);
  });
});

/** Rows (block, label) in the given order, as one query. */
const rowsQuery = (rows: [number, string][]) =>
  Prisma.sql`SELECT * FROM (VALUES ${Prisma.join(rows.map(([block, label]) => Prisma.sql`(${block}::int, ${label}::text)`))}) v(block, label) ORDER BY block, label`;

describeHttp('merged cursors', () => {
  // Three sorted sources whose blocks interleave (each block in one source only), one empty.
  const sources: [number, string][][] = [
    [[0, 'a1'], [0, 'a2'], [0, 'a3'], [3, 'a4'], [6, 'a5']],
    [[1, 'b1'], [2, 'b2'], [2, 'b3'], [2, 'b4'], [2, 'b5'], [7, 'b6']],
    [[4, 'c1'], [5, 'c2'], [5, 'c3'], [8, 'c4']],
  ];
  const expected = sources.flat().sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : 1)).map(([, label]) => label);

  for (const batchSize of [1, 2, 3, 4, 100]) {
    it(`merges sorted queries by block in batches of ${batchSize}, none larger, the finish after the last row`, async () => {
      const batches: string[][] = [];
      const merged = readMergedCursors<{ block: number; label: string }, string>([...sources.map(rowsQuery), Prisma.sql`SELECT 0 AS block, '' AS label WHERE false`], {
        batchSize,
        block: (row) => row.block,
        map: (_tx, rows) => rows.map((row) => row.label),
        finish: async () => ['end'],
      });
      for await (const batch of merged) batches.push(batch);
      expect(batches.flat()).toEqual([...expected, 'end']);
      expect(batches.slice(0, -1).every((batch) => batch.length === batchSize)).toBe(true);
    });
  }

  it('reads `beside` while the queries run, on the transaction whose rows are wanted last, before the last batch', async () => {
    // Each row says which connection read it; the third query has the highest floor.
    const withPid = (rows: [number, string][]) => Prisma.sql`SELECT q.*, pg_backend_pid() AS pid FROM (${rowsQuery(rows)}) q`;
    const pids = new Map<string, number>();
    let besidePid: number | null = null;
    const seen: (number | null)[] = [];
    const merged = readMergedCursors<{ block: number; label: string; pid: number }, string>(sources.map(withPid), {
      batchSize: 2,
      block: (row) => row.block,
      floors: [0, 1, 4],
      map: (_tx, rows) => rows.map((row) => (pids.set(row.label, row.pid), row.label)),
      beside: async (tx) => {
        besidePid = (await backendAndSnapshot(tx)).pid;
      },
    });
    for await (const batch of merged) seen.push(batch.length ? besidePid : null);
    expect(seen.at(-1)).not.toBeNull();
    // On PostgreSQL each query has its own connection; on PGlite there is one session.
    expect(besidePid).toBe(pids.get('c1'));
    if (onPostgres) expect(besidePid).not.toBe(pids.get('b1'));
  });

  it('fails the read when `beside` fails', async () => {
    const merged = readMergedCursors<{ block: number; label: string }, string>(sources.map(rowsQuery), {
      batchSize: 2,
      block: (row) => row.block,
      map: (_tx, rows) => rows.map((row) => row.label),
      beside: async (tx) => {
        await tx.$queryRaw`SELECT 1 / 0 AS boom`;
      },
    });
    await expect((async () => {
      for await (const batch of merged) void batch;
    })()).rejects.toThrow(/division by zero/);
  });

  it('stops its transaction when the consumer stops early', async () => {
    const merged = readMergedCursors<{ block: number; label: string }, string>(sources.map(rowsQuery), { batchSize: 2, block: (row) => row.block, map: (_tx, rows) => rows.map((row) => row.label) });
    for await (const batch of merged) {
      expect(batch).toEqual(['a1', 'a2']);
      break;
    }
    // The transaction ended: a plain read goes through at once (on PGlite it would wait on it).
    const db = await getDb();
    expect(await db.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);
  });
});
