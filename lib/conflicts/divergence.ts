import { Prisma } from '../generated/prisma/client';
import { readOnly } from '../db/read-only';
import type { Tx } from '../db/prisma';
import type { FactValue } from '../facts/fact-value';
import { formatHlc } from '../time/hlc';
import type { FactScope } from '../facts/scope';

// GET /v1/divergence (read-only, informational): the same entity and relation with different live
// winners in different scopes the key can read — a disagreement no same-scope rule can see.

interface WinnerRow {
  entity: string;
  relation: string;
  scope: string;
  value: FactValue;
  value_hash: string;
  confidence: number;
  head_fact_id: string;
  head_hlc_wall: bigint;
  head_hlc_counter: number;
}

const liveHead = (alias: string, now: Date) => {
  const a = Prisma.raw(alias);
  return Prisma.sql`${a}.confidence > 0 AND (${a}.valid_until IS NULL OR ${a}.valid_until >= ${now}) AND ${a}.relation NOT LIKE 'stigmem:%'`;
};

/**
 * The winners of each (entity, relation, scope) among `scopes`. With `pairs`, only of the pairs that
 * CTE names (those live in two scopes or more).
 */
const winnersCte = (scopes: FactScope[], now: Date, filter: { entity?: string; relation?: string; pairs?: boolean }) => Prisma.sql`
  winners AS (
    SELECT DISTINCT ON (vh.entity, vh.relation, vh.scope) vh.entity, vh.relation, vh.scope, vh.value, vh.value_hash, vh.confidence,
      vh.head_fact_id, vh.head_hlc_wall, vh.head_hlc_counter
    FROM ${filter.pairs ? Prisma.sql`pairs p JOIN value_heads vh ON vh.entity = p.entity AND vh.relation = p.relation` : Prisma.sql`value_heads vh`}
    WHERE vh.scope = ANY(${scopes}::text[]) AND ${liveHead('vh', now)}
      ${filter.entity ? Prisma.sql`AND vh.entity = ${filter.entity}` : Prisma.empty}
      ${filter.relation ? Prisma.sql`AND vh.relation = ${filter.relation}` : Prisma.empty}
    ORDER BY vh.entity, vh.relation, vh.scope, vh.confidence DESC, vh.head_hlc_wall DESC, vh.head_hlc_counter DESC
  )`;

/**
 * CTE `pairs`: the (entity, relation) pairs with a live value in two of `scopes` or more, the only
 * ones that can diverge. Every such pair has a live value outside the largest scope, so only the
 * other scopes' values are read, each probed for a live value elsewhere on the primary key: with
 * every fact in one scope (10M facts in one, say) nothing is read at all.
 */
const pairsCte = (scopes: FactScope[], largest: FactScope, now: Date, entity?: string) => Prisma.sql`
  pairs AS (
    SELECT DISTINCT vh.entity, vh.relation FROM value_heads vh
    WHERE vh.scope = ANY(${scopes.filter((scope) => scope !== largest)}::text[]) AND ${liveHead('vh', now)}
      ${entity ? Prisma.sql`AND vh.entity = ${entity}` : Prisma.empty}
      AND EXISTS (SELECT 1 FROM value_heads o WHERE o.entity = vh.entity AND o.relation = vh.relation AND o.scope = ANY(${scopes}::text[])
        AND o.scope <> vh.scope AND ${liveHead('o', now)})
  )`;

/** Scopes larger than this count as equal when the largest is chosen: the count stops there. */
const SIZE_CAP = 100_000;

/** The scope with the most value heads (counted up to SIZE_CAP each, by index). */
async function largestScope(tx: Tx, scopes: FactScope[]): Promise<FactScope> {
  const rows = await tx.$queryRaw<{ scope: FactScope; n: bigint }[]>`
    SELECT s.scope, (SELECT count(*) FROM (SELECT 1 FROM value_heads vh WHERE vh.scope = s.scope LIMIT ${SIZE_CAP}) x) AS n
    FROM unnest(${scopes}::text[]) AS s(scope)`;
  return rows.reduce((best, row) => (row.n > best.n ? row : best)).scope;
}

const toScopeWinner = (w: WinnerRow) => ({
  scope: w.scope,
  value: w.value,
  confidence: Number(w.confidence),
  fact_id: w.head_fact_id,
  hlc: formatHlc({ wall: Number(w.head_hlc_wall), counter: Number(w.head_hlc_counter) }),
});

function group(rows: WinnerRow[]) {
  const items = new Map<string, { entity: string; relation: string; scopes: ReturnType<typeof toScopeWinner>[] }>();
  for (const row of rows) {
    const key = `${row.entity}\u0000${row.relation}`;
    if (!items.has(key)) items.set(key, { entity: row.entity, relation: row.relation, scopes: [] });
    items.get(key)!.scopes.push(toScopeWinner(row));
  }
  return [...items.values()];
}

export async function divergenceOf(scopes: FactScope[], entity: string, relation: string) {
  return readOnly(async (tx) => {
    const rows = await tx.$queryRaw<WinnerRow[]>(Prisma.sql`WITH ${winnersCte(scopes, new Date(), { entity, relation })} SELECT * FROM winners ORDER BY scope`);
    const hashes = new Set(rows.map((r) => r.value_hash));
    return { entity, relation, divergent: hashes.size > 1, scopes: rows.map(toScopeWinner) };
  });
}

export async function listDivergences(scopes: FactScope[], options: { entity?: string; offset: number; limit: number }) {
  if (scopes.length < 2) return { divergences: [], total: 0, offset: options.offset, limit: options.limit };
  return readOnly(async (tx) => {
    const now = new Date();
    const largest = await largestScope(tx, scopes);
    const rows = await tx.$queryRaw<(WinnerRow & { total: bigint })[]>(Prisma.sql`
      WITH ${pairsCte(scopes, largest, now, options.entity)}, ${winnersCte(scopes, now, { entity: options.entity, pairs: true })},
      divergent AS (
        SELECT entity, relation, count(*) OVER () AS total FROM winners GROUP BY entity, relation HAVING count(DISTINCT value_hash) > 1
        ORDER BY entity COLLATE "C", relation COLLATE "C" LIMIT ${options.limit} OFFSET ${options.offset}
      )
      SELECT w.*, d.total FROM winners w JOIN divergent d ON d.entity = w.entity AND d.relation = w.relation
      ORDER BY w.entity COLLATE "C", w.relation COLLATE "C", w.scope`);
    return { divergences: group(rows), total: rows.length ? Number(rows[0].total) : 0, offset: options.offset, limit: options.limit };
  });
}
