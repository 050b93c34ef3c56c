import { Prisma } from '../generated/prisma/client';
import { readOnly } from '../db/read-only';
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

const winnersCte = (scopes: FactScope[], now: Date, entity?: string, relation?: string) => Prisma.sql`
  winners AS (
    SELECT DISTINCT ON (vh.entity, vh.relation, vh.scope) vh.entity, vh.relation, vh.scope, vh.value, vh.value_hash, vh.confidence,
      vh.head_fact_id, vh.head_hlc_wall, vh.head_hlc_counter
    FROM value_heads vh
    WHERE vh.scope = ANY(${scopes}::text[]) AND vh.confidence > 0 AND (vh.valid_until IS NULL OR vh.valid_until >= ${now})
      AND vh.relation NOT LIKE 'stigmem:%'
      ${entity ? Prisma.sql`AND vh.entity = ${entity}` : Prisma.empty}
      ${relation ? Prisma.sql`AND vh.relation = ${relation}` : Prisma.empty}
    ORDER BY vh.entity, vh.relation, vh.scope, vh.confidence DESC, vh.head_hlc_wall DESC, vh.head_hlc_counter DESC
  )`;

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
    const rows = await tx.$queryRaw<WinnerRow[]>(Prisma.sql`WITH ${winnersCte(scopes, new Date(), entity, relation)} SELECT * FROM winners ORDER BY scope`);
    const hashes = new Set(rows.map((r) => r.value_hash));
    return { entity, relation, divergent: hashes.size > 1, scopes: rows.map(toScopeWinner) };
  });
}

export async function listDivergences(scopes: FactScope[], options: { entity?: string; offset: number; limit: number }) {
  if (scopes.length < 2) return { divergences: [], total: 0, offset: options.offset, limit: options.limit };
  return readOnly(async (tx) => {
    const now = new Date();
    const rows = await tx.$queryRaw<(WinnerRow & { total: bigint })[]>(Prisma.sql`
      WITH ${winnersCte(scopes, now, options.entity)},
      divergent AS (
        SELECT entity, relation, count(*) OVER () AS total FROM winners GROUP BY entity, relation HAVING count(DISTINCT value_hash) > 1
        ORDER BY entity COLLATE "C", relation COLLATE "C" LIMIT ${options.limit} OFFSET ${options.offset}
      )
      SELECT w.*, d.total FROM winners w JOIN divergent d ON d.entity = w.entity AND d.relation = w.relation
      ORDER BY w.entity COLLATE "C", w.relation COLLATE "C", w.scope`);
    return { divergences: group(rows), total: rows.length ? Number(rows[0].total) : 0, offset: options.offset, limit: options.limit };
  });
}
