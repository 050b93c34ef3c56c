import { Prisma } from '../generated/prisma/client';
import { type DbOrTx, getDb } from '../db/prisma';
import { unprocessable } from '../errors/domain-error';
import { decodeCursor, encodeCursor } from '../schemas/query-params';
import { type FactRecord, type FactRow, toFactRecord } from './fact-record';
import type { FactScope } from './scope';
import { tripleContradictedSql } from './contradiction-sql';

// GET /v1/facts: fact rows, history included (superseded facts, retractions, decay steps), newest
// first by HLC. `contradicted` marks live value heads of a triple with an unresolved conflict.

export interface FactQuery {
  scopes: FactScope[];
  entity?: string;
  relation?: string;
  source?: string;
  minConfidence: number;
  after?: Date;
  includeContradicted: boolean;
  includeExpired: boolean;
  /** Scopes whose quarantined facts (pending, rejected) are listed too: a moderator's, who asked (include_quarantined). */
  quarantineScopes?: FactScope[];
  cursor?: string;
  limit: number;
}

/** A fact row outside quarantine (never sent, or admitted), or of a scope whose quarantine the caller moderates. */
export const outsideQuarantineSql = (f: string, shown: FactScope[] = []) =>
  Prisma.sql`(${shown.length ? Prisma.sql`${Prisma.raw(f)}.scope = ANY(${shown}::text[]) OR ` : Prisma.empty}NOT EXISTS (
    SELECT 1 FROM quarantine q WHERE q.fact_id = ${Prisma.raw(f)}.id AND q.status <> 'promoted'))`;

/** SQL for "this row is a live value head of a contradicted triple" (contradiction-sql.ts). */
export const contradictedColumn = (now: Date) => Prisma.sql`(
  EXISTS (SELECT 1 FROM value_heads vh
          WHERE vh.entity = f.entity AND vh.relation = f.relation AND vh.scope = f.scope AND vh.value_hash = f.value_hash
            AND vh.head_fact_id = f.id AND vh.confidence > 0 AND (vh.valid_until IS NULL OR vh.valid_until >= ${now}))
  AND ${tripleContradictedSql('f', now)})`;

/** `db`: a transaction to read in (a time-travel one: lib/time-travel/at-instant.ts); `now`: the instant expiry is judged at. */
export async function queryFacts(query: FactQuery, db?: DbOrTx, now = new Date()): Promise<{ facts: FactRecord[]; cursor: string | null }> {
  if (!query.scopes.length) return { facts: [], cursor: null };
  let after = Prisma.empty;
  if (query.cursor) {
    const parts = decodeCursor(query.cursor);
    // Checked field by field: a crafted cursor must answer 422, not fail inside the SQL casts.
    const valid = parts?.length === 3 && /^\d{1,15}$/.test(String(parts[0])) && Number.isInteger(parts[1]) && Number(parts[1]) >= 0 && Number(parts[1]) <= 2_147_483_647 && typeof parts[2] === 'string';
    if (!parts || !valid) throw unprocessable('invalid_cursor', 'cursor: not a cursor this node issued');
    after = Prisma.sql`AND (f.hlc_wall, f.hlc_counter, f.id) < (${String(parts[0])}::bigint, ${Number(parts[1])}::int, ${parts[2]})`;
  }
  const rows = await (db ?? (await getDb())).$queryRaw<FactRow[]>`
    SELECT * FROM (
      SELECT f.id, f.entity, f.relation, f.scope, f.value, f.source, f.timestamp, f.hlc_wall, f.hlc_counter, f.valid_until, f.confidence,
           f.write_mode, f.derived_from, f.session_id,
             ${contradictedColumn(now)} AS contradicted
      FROM facts f
      WHERE f.scope = ANY(${query.scopes}::text[])
        ${query.entity ? Prisma.sql`AND f.entity = ${query.entity}` : Prisma.empty}
        ${query.relation ? Prisma.sql`AND f.relation = ${query.relation}` : Prisma.empty}
        ${query.source ? Prisma.sql`AND f.source = ${query.source}` : Prisma.empty}
        ${query.minConfidence > 0 ? Prisma.sql`AND f.confidence >= ${query.minConfidence}` : Prisma.empty}
        ${query.after ? Prisma.sql`AND f.timestamp > ${query.after}` : Prisma.empty}
        ${query.includeExpired ? Prisma.empty : Prisma.sql`AND (f.valid_until IS NULL OR f.valid_until >= ${now})`}
        AND ${outsideQuarantineSql('f', query.quarantineScopes)}
        ${after}
      ORDER BY f.hlc_wall DESC, f.hlc_counter DESC, f.id DESC
    ) f
    ${query.includeContradicted ? Prisma.empty : Prisma.sql`WHERE NOT f.contradicted`}
    LIMIT ${query.limit + 1}`;
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    facts: page.map(toFactRecord),
    cursor: rows.length > query.limit && last ? encodeCursor([String(last.hlc_wall), Number(last.hlc_counter), last.id]) : null,
  };
}

export async function getFact(id: string, scopes: FactScope[], quarantineScopes: FactScope[] = [], db?: DbOrTx, now = new Date()): Promise<FactRecord | null> {
  const [row] = await (db ?? (await getDb())).$queryRaw<FactRow[]>`
    SELECT f.id, f.entity, f.relation, f.scope, f.value, f.source, f.timestamp, f.hlc_wall, f.hlc_counter, f.valid_until, f.confidence,
           f.write_mode, f.derived_from, f.session_id,
           ${contradictedColumn(now)} AS contradicted
    FROM facts f WHERE f.id = ${id} AND f.scope = ANY(${scopes}::text[]) AND ${outsideQuarantineSql('f', quarantineScopes)}`;
  return row ? toFactRecord(row) : null;
}

/** Where a fact lives (its scope and entity), or null for an unknown id: what a time-travel read of it replays. */
export async function factLocation(id: string): Promise<{ scope: FactScope; entity: string } | null> {
  const [row] = await (await getDb()).$queryRaw<{ scope: FactScope; entity: string }[]>`SELECT scope, entity FROM facts WHERE id = ${id}`;
  return row ?? null;
}
