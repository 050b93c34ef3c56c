import { Prisma } from '../generated/prisma/client';
import { getDb, type DbOrTx } from '../db/prisma';
import type { FactScope } from '../facts/scope';
import { unprocessable } from '../errors/domain-error';
import { decodeCursor, encodeCursor } from '../schemas/query-params';
import { type ConflictRecord, type ConflictReview, type ConflictRow, toConflictRecords } from './conflict-record';
import { CONFLICT_ID_COLUMN, type ContradictionRecord, type ContradictionReviewRow, toContradictionRecords } from './contradiction-record';
import { AGED_AFTER_DAYS, reviewCte, suggestionOf } from './review-sql';

// GET /v1/conflicts: the conflicts (the wire's pairs) or, with group=triple, the contradictions —
// one per contradicted triple, the unit the review queue lists and a person decides.

export const CONFLICT_STATUS_FILTERS = ['unresolved', 'resolved', 'dismissed', 'all'] as const;
export type ConflictStatusFilter = (typeof CONFLICT_STATUS_FILTERS)[number];
/** detection: newest first · age: oldest first · queue: aged first, then newest (the review queue). */
export const CONFLICT_SORTS = ['detection', 'age', 'queue'] as const;
export type ConflictSort = (typeof CONFLICT_SORTS)[number];

export interface ConflictQuery {
  scopes: FactScope[];
  /** "dismissed" = resolved with basis dismissed; "resolved" includes them; default all. */
  status: ConflictStatusFilter;
  entity?: string;
  relation?: string;
  /** Relation namespace, the part before the first ":". */
  namespace?: string;
  aged?: boolean;
  has_suggestion?: boolean;
  sort?: ConflictSort;
  cursor?: string;
  limit: number;
}

type Filters = Omit<ConflictQuery, 'cursor' | 'limit'>;

function tripleFilters(alias: string, query: Filters): Prisma.Sql {
  const a = Prisma.raw(alias);
  return Prisma.sql`AND ${a}.scope = ANY(${query.scopes}::text[])
    ${query.entity ? Prisma.sql`AND ${a}.entity = ${query.entity}` : Prisma.empty}
    ${query.relation ? Prisma.sql`AND ${a}.relation = ${query.relation}` : Prisma.empty}
    ${query.namespace ? Prisma.sql`AND split_part(${a}.relation, ':', 1) = ${query.namespace}` : Prisma.empty}`;
}

/** The age columns of a row that has `status` and a start time: aged after 14 days while unresolved. */
function ageSql(open: Prisma.Sql, since: Prisma.Sql, now: Date) {
  return Prisma.sql`CASE WHEN ${open} THEN round((extract(epoch FROM (${now}::timestamptz - ${since})) / 86400)::numeric, 1)::float8 END`;
}

const ORDER: Record<ConflictSort, (at: string) => Prisma.Sql> = {
  detection: (at) => Prisma.sql`ORDER BY ${Prisma.raw(at)} DESC, id DESC`,
  age: (at) => Prisma.sql`ORDER BY ${Prisma.raw(at)} ASC, id ASC`,
  queue: (at) => Prisma.sql`ORDER BY aged DESC, ${Prisma.raw(at)} DESC, id DESC`,
};

/**
 * Keyset paging: the cursor holds the sort keys of the last row served, so a page starts right
 * after it even when conflicts are decided (and leave a status filter) or detected meanwhile; an
 * offset would skip or repeat rows then. Each order runs all its keys one way, so one row comparison does.
 */
function afterCursor(sort: ConflictSort, cursor: string | undefined, at: string): Prisma.Sql {
  if (!cursor) return Prisma.empty;
  const parts = decodeCursor(cursor);
  const [cursorSort, aged, detectedAt, id] = parts ?? [];
  const valid = parts?.length === 4 && cursorSort === sort && (aged === 0 || aged === 1) && typeof detectedAt === 'string' && !Number.isNaN(Date.parse(detectedAt)) && typeof id === 'string';
  if (!valid) throw unprocessable('invalid_cursor', 'cursor: not a cursor this node issued for this sort order');
  const time = new Date(detectedAt as string);
  const column = Prisma.raw(at);
  if (sort === 'age') return Prisma.sql`AND (${column}, id) > (${time}::timestamptz, ${id})`;
  if (sort === 'queue') return Prisma.sql`AND (aged::int, ${column}, id) < (${aged}::int, ${time}::timestamptz, ${id})`;
  return Prisma.sql`AND (${column}, id) < (${time}::timestamptz, ${id})`;
}

const cursorOf = (sort: ConflictSort, row: { aged: boolean; id: string }, at: Date) => encodeCursor([sort, row.aged ? 1 : 0, new Date(at).toISOString(), row.id]);

// ---- contradictions (group=triple) ----

function contradictionStatus(status: ConflictStatusFilter): Prisma.Sql {
  switch (status) {
    case 'unresolved':
      return Prisma.sql`AND contradicted`;
    case 'resolved':
      return Prisma.sql`AND status = 'resolved' AND resolution_basis IS DISTINCT FROM 'merged'`;
    case 'dismissed':
      return Prisma.sql`AND status = 'resolved' AND resolution_basis = 'dismissed'`;
    default:
      return Prisma.sql`AND (contradicted OR status = 'resolved')`;
  }
}

/** The contradictions of a query with their review columns, in the query's order, after `after` (unpaged). */
export function contradictionQueueSql(query: Filters, after: Prisma.Sql = Prisma.empty, tail: Prisma.Sql = Prisma.empty): Prisma.Sql {
  const sort = query.sort ?? 'detection';
  return Prisma.sql`
    WITH ${reviewCte(new Date(), tripleFilters('x', query))}
    SELECT review.*, ${CONFLICT_ID_COLUMN} FROM review WHERE TRUE ${contradictionStatus(query.status)}
      ${query.aged === undefined ? Prisma.empty : Prisma.sql`AND aged = ${query.aged}`}
      ${query.has_suggestion === undefined ? Prisma.empty : query.has_suggestion ? Prisma.sql`AND suggestion_basis IS NOT NULL` : Prisma.sql`AND suggestion_basis IS NULL`}
      ${after}
    ${ORDER[sort]('opened_at')} ${tail}`;
}

export async function listContradictions(query: ConflictQuery): Promise<{ contradictions: ContradictionRecord[]; cursor: string | null; total: number }> {
  if (!query.scopes.length) return { contradictions: [], cursor: null, total: 0 };
  const sort = query.sort ?? 'detection';
  const db = await getDb();
  const rows = await db.$queryRaw<ContradictionReviewRow[]>(contradictionQueueSql(query, afterCursor(sort, query.cursor, 'opened_at'), Prisma.sql`LIMIT ${query.limit + 1}`));
  const [{ n }] = await db.$queryRaw<{ n: bigint }[]>(Prisma.sql`SELECT count(*) AS n FROM (${contradictionQueueSql(query)}) q`);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    contradictions: await toContradictionRecords(db, page),
    cursor: rows.length > query.limit && last ? cursorOf(sort, last, last.opened_at) : null,
    total: Number(n),
  };
}

// ---- conflicts (the wire's pairs) ----

function conflictStatus(status: ConflictStatusFilter) {
  switch (status) {
    case 'unresolved':
      return Prisma.sql`AND c.status = 'unresolved'`;
    case 'resolved':
      return Prisma.sql`AND c.status = 'resolved'`;
    case 'dismissed':
      return Prisma.sql`AND c.status = 'resolved' AND c.resolution_basis = 'dismissed'`;
    default:
      return Prisma.empty;
  }
}

/** The suggestion filter of a conflict query: its contradiction has (or has no) suggestion. */
function conflictSuggestionFilter(query: Filters): Prisma.Sql {
  if (query.has_suggestion === undefined) return Prisma.empty;
  const suggested = Prisma.sql`(WITH ${reviewCte(new Date(), Prisma.sql`AND x.status = 'open' ${tripleFilters('x', query)}`)} SELECT id FROM review WHERE suggestion_basis IS NOT NULL)`;
  return query.has_suggestion ? Prisma.sql`AND c.contradiction_id IN ${suggested}` : Prisma.sql`AND c.contradiction_id NOT IN ${suggested}`;
}

export function conflictQueueSql(query: Filters, after: Prisma.Sql = Prisma.empty): Prisma.Sql {
  const now = new Date();
  const sort = query.sort ?? 'detection';
  return Prisma.sql`
    SELECT * FROM (
      SELECT c.*, ${ageSql(Prisma.sql`c.status = 'unresolved'`, Prisma.sql`c.detected_at`, now)} AS age_days,
        c.status = 'unresolved' AND c.detected_at < ${new Date(now.getTime() - AGED_AFTER_DAYS * 86400_000)} AS aged
      FROM conflicts c WHERE TRUE ${tripleFilters('c', query)} ${conflictStatus(query.status)} ${conflictSuggestionFilter(query)}
    ) q WHERE TRUE ${query.aged === undefined ? Prisma.empty : Prisma.sql`AND aged = ${query.aged}`} ${after}
    ${ORDER[sort]('detected_at')}`;
}

/** Each unresolved conflict's suggestion: its contradiction's (one query for the page). */
async function withSuggestions(db: DbOrTx, rows: (ConflictRow & ConflictReview)[]): Promise<(ConflictRow & ConflictReview)[]> {
  const ids = [...new Set(rows.filter((r) => r.status === 'unresolved' && r.contradiction_id).map((r) => r.contradiction_id!))];
  if (!ids.length) return rows;
  const reviews = await db.$queryRaw<ContradictionReviewRow[]>(Prisma.sql`WITH ${reviewCte(new Date(), Prisma.sql`AND x.id IN (${Prisma.join(ids)})`)} SELECT *, NULL AS conflict_id FROM review`);
  const suggestion = new Map(reviews.map((r) => [r.id, suggestionOf(r)]));
  return rows.map((row) => ({ ...row, suggestion: row.status === 'unresolved' && row.contradiction_id ? (suggestion.get(row.contradiction_id) ?? null) : null }));
}

export async function toReviewedConflictRecords(db: DbOrTx, rows: (ConflictRow & ConflictReview)[]): Promise<ConflictRecord[]> {
  return toConflictRecords(db, await withSuggestions(db, rows));
}

export async function listConflicts(query: ConflictQuery): Promise<{ conflicts: ConflictRecord[]; cursor: string | null }> {
  if (!query.scopes.length) return { conflicts: [], cursor: null };
  const sort = query.sort ?? 'detection';
  const db = await getDb();
  const rows = await db.$queryRaw<(ConflictRow & ConflictReview)[]>(
    Prisma.sql`${conflictQueueSql(query, afterCursor(sort, query.cursor, 'detected_at'))} LIMIT ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    conflicts: await toReviewedConflictRecords(db, page),
    cursor: rows.length > query.limit && last ? cursorOf(sort, last, last.detected_at) : null,
  };
}

/** One contradiction with its review columns, by its id or by the id of one of its conflicts, or null. */
export async function getContradictionRow(id: string): Promise<ContradictionReviewRow | null> {
  const db = await getDb();
  const where = id.startsWith('stigmem:contradiction:')
    ? Prisma.sql`AND x.id = ${id}`
    : Prisma.sql`AND x.id = (SELECT contradiction_id FROM conflicts WHERE id = ${id})`;
  const [row] = await db.$queryRaw<ContradictionReviewRow[]>(Prisma.sql`WITH ${reviewCte(new Date(), where)} SELECT review.*, ${CONFLICT_ID_COLUMN} FROM review`);
  return row ?? null;
}
