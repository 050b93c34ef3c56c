import { Prisma } from '../generated/prisma/client';
import { getDb } from '../db/prisma';
import type { FactScope } from '../facts/scope';
import { unprocessable } from '../errors/domain-error';
import { decodeCursor, encodeCursor } from '../schemas/query-params';
import { type ConflictRecord, type ConflictRow, toConflictRecords } from './conflict-record';
import { type ReviewColumns, reviewCte } from './review-sql';

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

function statusClause(status: ConflictStatusFilter) {
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

const ORDER: Record<ConflictSort, Prisma.Sql> = {
  detection: Prisma.sql`ORDER BY detected_at DESC, id DESC`,
  age: Prisma.sql`ORDER BY detected_at ASC, id ASC`,
  queue: Prisma.sql`ORDER BY aged DESC, detected_at DESC, id DESC`,
};

/**
 * Keyset paging: the cursor holds the sort keys of the last row served, so a page starts right
 * after it even when conflicts are decided (and leave a status filter) or detected meanwhile; an
 * offset would skip or repeat rows then. Each order runs all its keys one way, so one row comparison does.
 */
function afterCursor(sort: ConflictSort, cursor: string | undefined): Prisma.Sql {
  if (!cursor) return Prisma.empty;
  const parts = decodeCursor(cursor);
  const [cursorSort, aged, detectedAt, id] = parts ?? [];
  const valid = parts?.length === 4 && cursorSort === sort && (aged === 0 || aged === 1) && typeof detectedAt === 'string' && !Number.isNaN(Date.parse(detectedAt)) && typeof id === 'string';
  if (!valid) throw unprocessable('invalid_cursor', 'cursor: not a cursor this node issued for this sort order');
  const at = new Date(detectedAt as string);
  if (sort === 'age') return Prisma.sql`AND (detected_at, id) > (${at}::timestamptz, ${id})`;
  if (sort === 'queue') return Prisma.sql`AND (aged::int, detected_at, id) < (${aged}::int, ${at}::timestamptz, ${id})`;
  return Prisma.sql`AND (detected_at, id) < (${at}::timestamptz, ${id})`;
}

/** The conflicts of a query with their review columns, in the query's order, after `after` (unpaged: the list adds LIMIT, the export reads it through a cursor). */
export function reviewQueueSql(query: Omit<ConflictQuery, 'cursor' | 'limit'>, after: Prisma.Sql = Prisma.empty): Prisma.Sql {
  const where = Prisma.sql`AND c.scope = ANY(${query.scopes}::text[]) ${statusClause(query.status)}
    ${query.entity ? Prisma.sql`AND c.entity = ${query.entity}` : Prisma.empty}
    ${query.relation ? Prisma.sql`AND c.relation = ${query.relation}` : Prisma.empty}
    ${query.namespace ? Prisma.sql`AND split_part(c.relation, ':', 1) = ${query.namespace}` : Prisma.empty}`;
  return Prisma.sql`
    WITH ${reviewCte(new Date(), where)}
    SELECT * FROM review WHERE TRUE
      ${query.aged === undefined ? Prisma.empty : Prisma.sql`AND aged = ${query.aged}`}
      ${query.has_suggestion === undefined ? Prisma.empty : query.has_suggestion ? Prisma.sql`AND suggestion_basis IS NOT NULL` : Prisma.sql`AND suggestion_basis IS NULL`}
      ${after}
    ${ORDER[query.sort ?? 'detection']}`;
}

export async function listConflicts(query: ConflictQuery): Promise<{ conflicts: ConflictRecord[]; cursor: string | null }> {
  if (!query.scopes.length) return { conflicts: [], cursor: null };
  const sort = query.sort ?? 'detection';
  const after = afterCursor(sort, query.cursor);
  const db = await getDb();
  const rows = await db.$queryRaw<(ConflictRow & ReviewColumns)[]>(Prisma.sql`${reviewQueueSql(query, after)} LIMIT ${query.limit + 1}`);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    conflicts: await toConflictRecords(db, page),
    cursor: rows.length > query.limit && last ? encodeCursor([sort, last.aged ? 1 : 0, new Date(last.detected_at).toISOString(), last.id]) : null,
  };
}

/** One conflict with its review columns, or null. */
export async function getConflictRow(id: string): Promise<(ConflictRow & ReviewColumns) | null> {
  const db = await getDb();
  const [row] = await db.$queryRaw<(ConflictRow & ReviewColumns)[]>(Prisma.sql`
    WITH ${reviewCte(new Date(), Prisma.sql`AND c.id = ${id}`)} SELECT * FROM review`);
  return row ?? null;
}
