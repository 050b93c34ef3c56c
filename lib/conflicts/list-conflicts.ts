import { Prisma } from '../generated/prisma/client';
import { getDb } from '../db/prisma';
import type { FactScope } from '../facts/scope';
import { unprocessable } from '../http/api-error';
import { decodeCursor, encodeCursor } from '../http/query-params';
import { type ConflictRecord, type ConflictRow, toConflictRecords } from './conflict-record';

export const CONFLICT_STATUS_FILTERS = ['unresolved', 'resolved', 'dismissed', 'all'] as const;
export type ConflictStatusFilter = (typeof CONFLICT_STATUS_FILTERS)[number];

export interface ConflictQuery {
  scopes: FactScope[];
  /** "dismissed" = resolved with basis dismissed; "resolved" includes them; default all. */
  status: ConflictStatusFilter;
  entity?: string;
  relation?: string;
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

/** Newest detections first. */
export async function listConflicts(query: ConflictQuery): Promise<{ conflicts: ConflictRecord[]; cursor: string | null }> {
  if (!query.scopes.length) return { conflicts: [], cursor: null };
  let after = Prisma.empty;
  if (query.cursor) {
    const parts = decodeCursor(query.cursor);
    if (!parts || parts.length !== 2 || typeof parts[0] !== 'string' || typeof parts[1] !== 'string') {
      throw unprocessable('invalid_cursor', 'cursor: not a cursor this node issued');
    }
    after = Prisma.sql`AND (c.detected_at, c.id) < (${new Date(parts[0])}::timestamptz, ${parts[1]})`;
  }
  const db = await getDb();
  const rows = await db.$queryRaw<ConflictRow[]>`
    SELECT c.* FROM conflicts c
    WHERE c.scope = ANY(${query.scopes}::text[]) ${statusClause(query.status)}
      ${query.entity ? Prisma.sql`AND c.entity = ${query.entity}` : Prisma.empty}
      ${query.relation ? Prisma.sql`AND c.relation = ${query.relation}` : Prisma.empty}
      ${after}
    ORDER BY c.detected_at DESC, c.id DESC
    LIMIT ${query.limit + 1}`;
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    conflicts: await toConflictRecords(db, page),
    cursor: rows.length > query.limit && last ? encodeCursor([new Date(last.detected_at).toISOString(), last.id]) : null,
  };
}

export async function getConflictRow(id: string): Promise<ConflictRow | null> {
  const db = await getDb();
  const [row] = await db.$queryRaw<ConflictRow[]>`SELECT * FROM conflicts WHERE id = ${id}`;
  return row ?? null;
}
