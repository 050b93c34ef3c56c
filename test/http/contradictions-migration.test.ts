import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeHttp, uid } from '../harness';

// The migration that made contradictions one per triple (20261126200711_contradictions and its
// backfill) on a knowledge base recorded pairwise before, on each engine: applied to a database
// holding every migration before it and the conflicts the old rule wrote, it collapses each
// triple's unresolved pairs to one open contradiction with at most N - 1 unresolved conflicts,
// turns every decision into a decided contradiction with the same cooldown, and loses no row.

const MIGRATIONS = path.resolve(__dirname, '..', '..', 'prisma', 'migrations');
const FIRST_NEW = '20261126200711_contradictions';
const folders = readdirSync(MIGRATIONS).filter((f) => /^\d{14}_/.test(f)).sort();
const sqlOf = (folder: string) => readFileSync(path.join(MIGRATIONS, folder, 'migration.sql'), 'utf8');

interface Sql {
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

async function openScratch(): Promise<Sql> {
  const database = inject('stigmemTestDatabase');
  if (database.kind !== 'postgres') {
    const db = new PGlite();
    return { exec: async (sql) => void (await db.exec(sql)), rows: async <T,>(sql: string) => (await db.query<T>(sql)).rows, close: () => db.close() };
  }
  const name = `stigmem_migration_${uid()}`;
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(database.url);
  url.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  return {
    exec: async (sql) => void (await db.query(sql)),
    rows: async <T,>(sql: string) => (await db.query(sql)).rows as T[],
    close: async () => {
      await db.end();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A fact and its value's head: value hash = the value, HLC wall = `at`. */
function fact(id: string, entity: string, value: string, at: number, confidence = 1) {
  const v = `'{"type":"string","v":"${value}"}'::jsonb`;
  return `
    INSERT INTO facts (id, entity, relation, scope, value, value_type, value_hash, source, timestamp, hlc_wall, hlc_counter, confidence)
      VALUES ('${id}', '${entity}', 'memory:x', 'local', ${v}, 'string', '${value}', 'agent:old', to_timestamp(${at} / 1000.0), ${at}, 0, ${confidence});
    INSERT INTO value_heads (entity, relation, scope, value_hash, value, value_type, head_fact_id, head_hlc_wall, head_hlc_counter, head_confidence,
      head_source, head_timestamp, confidence)
      VALUES ('${entity}', 'memory:x', 'local', '${value}', ${v}, 'string', '${id}', ${at}, 0, ${confidence}, 'agent:old', to_timestamp(${at} / 1000.0), ${confidence})
      ON CONFLICT (entity, relation, scope, value_hash) DO UPDATE SET head_fact_id = EXCLUDED.head_fact_id, confidence = EXCLUDED.confidence;`;
}

/** A conflict the pairwise rule recorded: value B joined against value A, with its status fact. */
function conflict(id: string, entity: string, a: string, b: string, at: number, decided?: { basis: string; cooldownDays: number | null; resolutionFact?: string }) {
  const status = decided ? 'resolved' : 'unresolved';
  const cooldown = decided?.cooldownDays === null || !decided ? 'NULL' : `now() + interval '${decided.cooldownDays} days'`;
  return `
    INSERT INTO conflicts (id, entity, relation, scope, fact_a_id, fact_b_id, value_a_hash, value_b_hash, pair_key, status, detected_at,
      resolved_at, resolved_by, resolution_basis, resolution_fact_id, do_not_reopen_before)
      VALUES ('${id}', '${entity}', 'memory:x', 'local', 'f-${entity}-${a}', 'f-${entity}-${b}', '${a}', '${b}', '${[a, b].sort().join(':')}', '${status}',
        to_timestamp(${at} / 1000.0), ${decided ? 'now()' : 'NULL'}, ${decided ? "'stigmem://old/lead'" : 'NULL'}, ${decided ? `'${decided.basis}'` : 'NULL'},
        ${decided?.resolutionFact ? `'${decided.resolutionFact}'` : 'NULL'}, ${cooldown});
    INSERT INTO facts (id, entity, relation, scope, value, value_type, value_hash, source, timestamp, hlc_wall, hlc_counter, confidence)
      VALUES ('s-${id}', '${id}', 'stigmem:conflict:status', 'local', '{"type":"string","v":"${status === 'resolved' ? (decided!.basis === 'dismissed' ? 'dismissed' : 'resolved') : 'unresolved'}"}'::jsonb,
        'string', 'h-${status}', 'system:stigmem', to_timestamp(${at} / 1000.0), ${at}, 1, 1);`;
}

describeHttp('migration to one contradiction per triple', () => {
  let db: Sql;
  const t0 = Date.now() - 86_400_000;

  beforeAll(async () => {
    db = await openScratch();
    for (const folder of folders.filter((f) => f < FIRST_NEW)) await db.exec(sqlOf(folder));
    const legacy = [
      // "three": a, b, c all live, recorded pairwise: (a,b), (a,c), (b,c).
      ...['a', 'b', 'c'].map((v, i) => fact(`f-three-${v}`, 'three', v, t0 + i)),
      conflict('c-three-ab', 'three', 'a', 'b', t0 + 1),
      conflict('c-three-ac', 'three', 'a', 'c', t0 + 2),
      conflict('c-three-bc', 'three', 'b', 'c', t0 + 2),
      // "cycle": every side owns one (no side is value B of none): the strongest side anchors.
      ...[['x', 0.5], ['y', 0.6], ['z', 0.9]].map(([v, c], i) => fact(`f-cycle-${v}`, 'cycle', String(v), t0 + i, Number(c))),
      conflict('c-cycle-xy', 'cycle', 'x', 'y', t0 + 1),
      conflict('c-cycle-yz', 'cycle', 'y', 'z', t0 + 2),
      conflict('c-cycle-zx', 'cycle', 'z', 'x', t0 + 3),
      // "dismissed": a decided pair in its cooldown; "retracted": a pair closed when one side was retracted.
      fact('f-dismissed-p', 'dismissed', 'p', t0),
      fact('f-dismissed-q', 'dismissed', 'q', t0 + 1),
      conflict('c-dismissed', 'dismissed', 'p', 'q', t0 + 1, { basis: 'dismissed', cooldownDays: 60 }),
      fact('f-resolved-m', 'resolved', 'm', t0),
      fact('f-resolved-n', 'resolved', 'n', t0 + 1),
      fact('f-resolved-win', 'resolved', 'n', t0 + 5),
      conflict('c-resolved', 'resolved', 'm', 'n', t0 + 1, { basis: 'manual', cooldownDays: 90, resolutionFact: 'f-resolved-win' }),
      conflict('c-retracted', 'retracted', 'r', 's', t0 + 1, { basis: 'retracted', cooldownDays: null }),
    ];
    await db.exec(legacy.join('\n'));
    for (const folder of folders.filter((f) => f >= FIRST_NEW)) await db.exec(sqlOf(folder));
  }, 120_000);

  afterAll(async () => {
    await db?.close();
  });

  it('collapses a triple recorded pairwise to one open contradiction, each value joined once against the anchor', async () => {
    const [x] = await db.rows<{ id: string; status: string; anchor_value_hash: string; open_conflicts: number; opened_at: Date }>(
      `SELECT * FROM contradictions WHERE entity = 'three'`,
    );
    expect(x).toMatchObject({ status: 'open', anchor_value_hash: 'a', open_conflicts: 2 });
    expect(new Date(x.opened_at).getTime()).toBe(t0 + 1);
    const conflicts = await db.rows<{ id: string; status: string; resolution_basis: string | null; contradiction_id: string }>(
      `SELECT id, status, resolution_basis, contradiction_id FROM conflicts WHERE entity = 'three' ORDER BY id`,
    );
    expect(conflicts.map((c) => [c.id, c.status, c.resolution_basis, c.contradiction_id === x.id])).toEqual([
      ['c-three-ab', 'unresolved', null, true],
      ['c-three-ac', 'unresolved', null, true],
      ['c-three-bc', 'resolved', 'merged', true],
    ]);
    // The merged one's status fact, after every HLC stored before, and the head of its value.
    const [status] = await db.rows<{ value: { v: string }; hlc_wall: string; source: string }>(
      `SELECT value, hlc_wall::text, source FROM facts WHERE entity = 'c-three-bc' AND relation = 'stigmem:conflict:status' ORDER BY hlc_wall DESC, hlc_counter DESC LIMIT 1`,
    );
    expect(status).toMatchObject({ value: { v: 'resolved' }, source: 'system:stigmem' });
    expect(Number(status.hlc_wall)).toBeGreaterThan(t0 + 5);
    const [head] = await db.rows<{ n: number }>(`SELECT count(*)::int AS n FROM value_heads WHERE entity = 'c-three-bc' AND value->>'v' = 'resolved' AND confidence = 1`);
    expect(head.n).toBe(1);
  });

  it('anchors a cycle on its strongest side and keeps N - 1 conflicts, each owned by a different value', async () => {
    const [x] = await db.rows<{ anchor_value_hash: string; open_conflicts: number }>(`SELECT * FROM contradictions WHERE entity = 'cycle'`);
    expect(x).toMatchObject({ anchor_value_hash: 'z', open_conflicts: 2 });
    const open = await db.rows<{ id: string; value_b_hash: string }>(`SELECT id, value_b_hash FROM conflicts WHERE entity = 'cycle' AND status = 'unresolved' ORDER BY id`);
    expect(open.map((c) => [c.id, c.value_b_hash])).toEqual([
      ['c-cycle-xy', 'y'],
      ['c-cycle-zx', 'x'],
    ]);
  });

  it('turns each decision into a decided contradiction with the same cooldown, and a closed pair into a closed one', async () => {
    const rows = await db.rows<{ entity: string; status: string; resolution_basis: string; decided_value_hashes: string[]; winner_value_hash: string | null; cooldown: boolean }>(
      `SELECT x.entity, x.status, x.resolution_basis, x.decided_value_hashes, x.winner_value_hash, x.do_not_reopen_before = c.do_not_reopen_before AS cooldown
       FROM contradictions x JOIN conflicts c ON c.contradiction_id = x.id WHERE x.entity IN ('dismissed', 'resolved', 'retracted') ORDER BY x.entity`,
    );
    expect(rows).toEqual([
      { entity: 'dismissed', status: 'resolved', resolution_basis: 'dismissed', decided_value_hashes: ['p', 'q'], winner_value_hash: null, cooldown: true },
      { entity: 'resolved', status: 'resolved', resolution_basis: 'manual', decided_value_hashes: ['m', 'n'], winner_value_hash: 'n', cooldown: true },
      { entity: 'retracted', status: 'resolved', resolution_basis: 'retracted', decided_value_hashes: [], winner_value_hash: null, cooldown: null },
    ]);
  });

  it('leaves no conflict outside a contradiction and deletes no row', async () => {
    const [{ orphans, conflicts }] = await db.rows<{ orphans: number; conflicts: number }>(
      `SELECT count(*) FILTER (WHERE contradiction_id IS NULL)::int AS orphans, count(*)::int AS conflicts FROM conflicts`,
    );
    expect({ orphans, conflicts }).toEqual({ orphans: 0, conflicts: 9 });
    const [{ open }] = await db.rows<{ open: number }>(`SELECT count(*)::int AS open FROM contradictions WHERE status = 'open'`);
    expect(open).toBe(2);
  });
});
