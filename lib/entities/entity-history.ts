import { Prisma } from '../generated/prisma/client';
import { getDb } from '../db/prisma';
import { decodeCursor, encodeCursor } from '../schemas/query-params';
import { type FactRecord, type FactRow, toFactRecord } from '../facts/fact-record';
import { contradictedColumn, outsideQuarantineSql } from '../facts/query-facts';
import type { FactScope } from '../facts/scope';

// Every fact of one entity (history included), newest first by HLC, each marked with what it is
// now. The mark is computed in SQL against value_heads: a fact that is not its value's head is
// superseded; a head is retracted when the value's effective confidence is 0 (a retraction of the
// value or of the whole triple), expired when valid_until has passed, and live otherwise.

export const FACT_STATUSES = ['live', 'superseded', 'retracted', 'expired'] as const;
export type FactStatus = (typeof FACT_STATUSES)[number];

export interface EntityFact extends FactRecord {
  status: FactStatus;
}

export interface EntityHistoryQuery {
  entity: string;
  scopes: FactScope[];
  relation?: string;
  cursor?: string;
  limit: number;
}

export interface EntityRelationSummary {
  relation: string;
  facts: number;
  liveValues: number;
}

type EntityFactRow = FactRow & { status: FactStatus };

/** A cursor this module did not issue starts from the top instead of failing the page. */
function afterCursor(cursor: string | undefined) {
  const parts = cursor ? decodeCursor(cursor) : null;
  // Checked field by field, so an edited cursor cannot fail inside the SQL casts.
  const valid =
    parts?.length === 3 &&
    typeof parts[0] === 'string' &&
    /^\d{1,15}$/.test(parts[0]) &&
    Number.isInteger(parts[1]) &&
    Number(parts[1]) >= 0 &&
    Number(parts[1]) <= 2_147_483_647 &&
    typeof parts[2] === 'string';
  if (!parts || !valid) return Prisma.empty;
  return Prisma.sql`AND (f.hlc_wall, f.hlc_counter, f.id) < (${parts[0]}::bigint, ${Number(parts[1])}::int, ${parts[2]})`;
}

export async function entityHistory(query: EntityHistoryQuery, now = new Date()): Promise<{ facts: EntityFact[]; cursor: string | null }> {
  if (!query.scopes.length) return { facts: [], cursor: null };
  const db = await getDb();
  const rows = await db.$queryRaw<EntityFactRow[]>`
    SELECT f.id, f.entity, f.relation, f.scope, f.value, f.source, f.timestamp, f.hlc_wall, f.hlc_counter, f.valid_until, f.confidence,
           f.write_mode, f.derived_from, f.session_id,
           ${contradictedColumn(now)} AS contradicted,
           CASE
             WHEN vh.head_fact_id IS DISTINCT FROM f.id THEN 'superseded'
             WHEN vh.confidence <= 0 THEN 'retracted'
             WHEN vh.valid_until IS NOT NULL AND vh.valid_until < ${now} THEN 'expired'
             ELSE 'live'
           END AS status
    FROM facts f
    LEFT JOIN value_heads vh
      ON vh.entity = f.entity AND vh.relation = f.relation AND vh.scope = f.scope AND vh.value_hash = f.value_hash
    WHERE f.entity = ${query.entity} AND f.scope = ANY(${query.scopes}::text[]) AND ${outsideQuarantineSql('f')}
      ${query.relation ? Prisma.sql`AND f.relation = ${query.relation}` : Prisma.empty}
      ${afterCursor(query.cursor)}
    ORDER BY f.hlc_wall DESC, f.hlc_counter DESC, f.id DESC
    LIMIT ${query.limit + 1}`;
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    facts: page.map((row) => ({ ...toFactRecord(row), status: row.status })),
    cursor: rows.length > query.limit && last ? encodeCursor([String(last.hlc_wall), Number(last.hlc_counter), last.id]) : null,
  };
}

/** The entity's relations with their fact and live value counts, for the relation filter. */
export async function entityRelations(entity: string, scopes: FactScope[], now = new Date()): Promise<EntityRelationSummary[]> {
  if (!scopes.length) return [];
  const db = await getDb();
  const rows = await db.$queryRaw<{ relation: string; facts: number; live_values: number }[]>`
    SELECT f.relation, count(*)::int AS facts,
      (SELECT count(*) FROM value_heads vh
        WHERE vh.entity = ${entity} AND vh.relation = f.relation AND vh.scope = ANY(${scopes}::text[])
          AND vh.confidence > 0 AND (vh.valid_until IS NULL OR vh.valid_until >= ${now}))::int AS live_values
    FROM facts f
    WHERE f.entity = ${entity} AND f.scope = ANY(${scopes}::text[])
    GROUP BY f.relation
    ORDER BY f.relation`;
  return rows.map((row) => ({ relation: row.relation, facts: Number(row.facts), liveValues: Number(row.live_values) }));
}
