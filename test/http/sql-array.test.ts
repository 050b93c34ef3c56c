import { expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { sqlArray } from '@/lib/db/sql-array';
import { FactBatch, FactRecord } from '@/lib/wire/records';
import { api, describeHttp, expectBody, uniqueEntity, wireFact } from '../harness';

// The write path passes its arrays as literals (lib/db/sql-array.ts): whatever a string holds, the
// database must read back exactly what was sent, on both engines.

const HOSTILE = ['plain', '', ' ', 'NULL', 'null', '"', '\\', '\\"', '"\\', 'a,b', '{x}', '{', '}', "it's", 'tab\there', 'line\nbreak', 'ünïcødé ✓ 日本', '𝄞 emoji 🙂', ' padded ', 'x'.repeat(5000)];

describeHttp('array parameters written as literals', () => {
  it('text, with nulls: every string comes back as it was sent', async () => {
    const db = await getDb();
    const values = [...HOSTILE, null, ...HOSTILE.map((s) => `${s}${s}`)];
    const rows = await db.$queryRaw<{ v: string | null; n: bigint }[]>`SELECT v, n FROM unnest(${sqlArray(values)}::text[]) WITH ORDINALITY AS u(v, n) ORDER BY n`;
    expect(rows.map((r) => r.v)).toEqual(values);
  });

  it('jsonb, float8, bigint, int, boolean and timestamptz keep their values', async () => {
    const db = await getDb();
    const json = HOSTILE.map((s) => JSON.stringify({ type: 'string', v: s }));
    const floats = [0, 1, 0.1, 0.3333333333333333, 1e-7, 123456.789, null];
    const walls = [0, 1, 1795706863489, 9007199254740991, null];
    const times = ['2026-11-26T15:27:43.489Z', '0001-01-01T00:00:00.000Z', null];
    const [row] = await db.$queryRaw<{ j: unknown[]; f: (number | null)[]; w: string[]; i: (number | null)[]; b: (boolean | null)[]; t: (string | null)[] }[]>`
      SELECT (SELECT array_agg(x ORDER BY n) FROM unnest(${sqlArray(json)}::jsonb[]) WITH ORDINALITY AS u(x, n)) AS j,
        ${sqlArray(floats)}::float8[] AS f,
        (SELECT array_agg(coalesce(x::text, 'null') ORDER BY n) FROM unnest(${sqlArray(walls)}::bigint[]) WITH ORDINALITY AS u(x, n)) AS w,
        ${sqlArray([3, -1, null, 999])}::int[] AS i,
        ${sqlArray([true, false, null])}::boolean[] AS b,
        (SELECT array_agg(to_char(x AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ORDER BY n) FROM unnest(${sqlArray(times)}::timestamptz[]) WITH ORDINALITY AS u(x, n)) AS t`;
    expect(row.j).toEqual(HOSTILE.map((s) => ({ type: 'string', v: s })));
    expect(row.f).toEqual(floats);
    expect(row.w).toEqual(walls.map((w) => (w === null ? 'null' : String(w))));
    expect(row.i).toEqual([3, -1, null, 999]);
    expect(row.b).toEqual([true, false, null]);
    expect(row.t).toEqual(times);
  });

  it('an empty array is empty', async () => {
    const db = await getDb();
    const [row] = await db.$queryRaw<{ n: number }[]>`SELECT cardinality(${sqlArray([])}::text[])::int AS n`;
    expect(row.n).toBe(0);
  });

  it('a batch of facts holding every hostile string is stored and read back as written', async () => {
    const base = uniqueEntity('sql-array');
    const facts = HOSTILE.filter((s) => s.trim()).map((s, i) => wireFact(`${base}/${i}`, s, { relation: `memory:r${i}`, source: `stigmem://agent/${encodeURIComponent(s.slice(0, 40))}` }));
    const written = expectBody(await api.post('/v1/facts', { facts }), 201, FactBatch).facts;
    expect(written.map((f) => f.value)).toEqual(facts.map((f) => f.value));
    for (const fact of written) expect(expectBody(await api.get(`/v1/facts/${encodeURIComponent(fact.id)}`), 200, FactRecord)).toEqual(fact);
  });
});
