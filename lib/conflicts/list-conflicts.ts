import { Prisma } from '../generated/prisma/client';
import { getDb, type DbOrTx } from '../db/prisma';
import { readOnly } from '../db/read-only';
import { ageDaysSql, agedSql, pendingTriplesSql } from '../facts/count-review-queue';
import type { FactScope } from '../facts/scope';
import { unprocessable } from '../errors/domain-error';
import { decodeCursor, encodeCursor } from '../schemas/query-params';
import { type ConflictRecord, type ConflictReview, type ConflictRow, toConflictRecords } from './conflict-record';
import { CONFLICT_ID_COLUMN, type ContradictionRecord, type ContradictionReviewRow, toContradictionRecords } from './contradiction-record';
import { reviewCte, suggestionOf } from './review-sql';
import { type ConflictSort, DEFAULT_SORT_DIRECTION, type SortDirection } from './conflict-sorts';

// GET /v1/conflicts: the conflicts (the wire's pairs) or, with group=triple, the contradictions —
// one per contradicted triple, the unit the review queue lists and a person decides.

export const CONFLICT_STATUS_FILTERS = ['unresolved', 'resolved', 'dismissed', 'all'] as const;
export type ConflictStatusFilter = (typeof CONFLICT_STATUS_FILTERS)[number];
export { CONFLICT_SORTS, type ConflictSort, DEFAULT_SORT_DIRECTION, SORT_DIRECTIONS, type SortDirection } from './conflict-sorts';

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
  /** The sort's own direction unless given. */
  dir?: SortDirection;
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

/** Conflict `c`'s review age columns at `now`: age_days and aged, while it is unresolved (the list and GET /v1/conflicts/:id). */
export function conflictAgeColumns(c: string, now: Date): Prisma.Sql {
  const open = Prisma.sql`${Prisma.raw(c)}.status = 'unresolved'`;
  const since = Prisma.sql`${Prisma.raw(c)}.detected_at`;
  return Prisma.sql`CASE WHEN ${open} THEN round(${ageDaysSql(since, now)}::numeric, 1)::float8 END AS age_days, (${open} AND ${agedSql(since, now)}) AS aged`;
}

/** A sort key: a column of the listed rows and the type its cursor value is read back as. */
interface SortKey {
  column: string;
  type: 'int' | 'bigint' | 'timestamptz' | 'text';
}

/** The keys of an order, most significant first; `at` is the row's opening (or detection) time. */
function sortKeys(sort: ConflictSort, at: string, rows: 'contradictions' | 'conflicts'): SortKey[] {
  const time: SortKey = { column: at, type: 'timestamptz' };
  const id: SortKey = { column: 'id', type: 'text' };
  switch (sort) {
    case 'queue':
      return [{ column: 'aged::int', type: 'int' }, time, id];
    case 'triple':
      return [{ column: 'entity', type: 'text' }, { column: 'relation', type: 'text' }, { column: 'scope', type: 'text' }, id];
    case 'values':
      if (rows === 'conflicts') throw unprocessable('invalid_sort', 'sort=values orders contradictions (group=triple): a conflict has two values');
      return [{ column: 'value_count', type: 'bigint' }, time, id];
    default:
      return [time, id];
  }
}

interface Order {
  sort: ConflictSort;
  dir: SortDirection;
  keys: SortKey[];
}

function orderOf(query: { sort?: ConflictSort; dir?: SortDirection }, at: string, rows: 'contradictions' | 'conflicts'): Order {
  const sort = query.sort ?? 'detection';
  return { sort, dir: query.dir ?? DEFAULT_SORT_DIRECTION[sort], keys: sortKeys(sort, at, rows) };
}

const orderBySql = (order: Order) => Prisma.sql`ORDER BY ${Prisma.raw(order.keys.map((k) => `${k.column} ${order.dir.toUpperCase()}`).join(', '))}`;

/** The row comparison "after the cursor's row" in this order: every key runs one way, so one comparison does. */
function afterSql(order: Order, values: unknown[]): Prisma.Sql {
  const columns = Prisma.raw(order.keys.map((k) => k.column).join(', '));
  const params = Prisma.join(order.keys.map((k, i) => Prisma.sql`${values[i]}::${Prisma.raw(k.type)}`));
  return order.dir === 'asc' ? Prisma.sql`(${columns}) > (${params})` : Prisma.sql`(${columns}) < (${params})`;
}

const validValue = (type: SortKey['type'], value: unknown) =>
  type === 'text' ? typeof value === 'string' : type === 'timestamptz' ? typeof value === 'string' && !Number.isNaN(Date.parse(value)) : Number.isSafeInteger(value);

/**
 * Keyset paging: the cursor holds the order and the sort keys of the last row served, so a page
 * starts right after it even when contradictions are decided (and leave a status filter) or
 * detected meanwhile; an offset would skip or repeat rows then. Null without a cursor.
 */
function cursorPredicate(order: Order, cursor: string | undefined): Prisma.Sql | null {
  if (!cursor) return null;
  const parts = decodeCursor(cursor);
  const [sort, dir, ...values] = parts ?? [];
  const valid = sort === order.sort && dir === order.dir && values.length === order.keys.length && order.keys.every((k, i) => validValue(k.type, values[i]));
  if (!valid) throw unprocessable('invalid_cursor', 'cursor: not a cursor this node issued for this sort order');
  return afterSql(order, values);
}

const afterCursor = (predicate: Prisma.Sql | null) => (predicate ? Prisma.sql`AND ${predicate}` : Prisma.empty);

/** The cursor after `row`: its values of the order's keys. */
function cursorOf(order: Order, row: Record<string, unknown>): string {
  const values = order.keys.map((k) => {
    const name = k.column === 'aged::int' ? 'aged' : k.column;
    const value = row[name];
    if (k.type === 'timestamptz') return new Date(value as Date).toISOString();
    if (k.type === 'int') return value ? 1 : 0;
    if (k.type === 'bigint') return Number(value);
    return value;
  });
  return encodeCursor([order.sort, order.dir, ...values]);
}

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
export function contradictionQueueSql(query: Filters, after: Prisma.Sql = Prisma.empty, tail: Prisma.Sql = Prisma.empty, now = new Date()): Prisma.Sql {
  return Prisma.sql`
    WITH ${reviewCte(now, tripleFilters('x', query))}
    SELECT review.*, ${CONFLICT_ID_COLUMN} FROM review WHERE TRUE ${contradictionStatus(query.status)}
      ${query.aged === undefined ? Prisma.empty : Prisma.sql`AND aged = ${query.aged}`}
      ${query.has_suggestion === undefined ? Prisma.empty : query.has_suggestion ? Prisma.sql`AND suggestion_basis IS NOT NULL` : Prisma.sql`AND suggestion_basis IS NULL`}
      ${after}
    ${orderBySql(orderOf(query, 'opened_at', 'contradictions'))} ${tail}`;
}

export interface ContradictionsPage {
  contradictions: ContradictionRecord[];
  cursor: string | null;
  /** Contradictions the query lists in all (every page). */
  total: number;
  /** How many of them come before this page (the rows the earlier pages served, as the list is now). */
  offset: number;
}

/**
 * The queue itself (unresolved, with or without the triple and age filters, in any order) from the
 * maintained state: the contradicted triples with the keys every order sorts by, so a page, the
 * total and the page's offset read the queue's rows and no contradiction is tested for live values
 * (docs/decisions.md § Maintained review queue). Null where a filter needs the review columns
 * (suggestions) or rows other than the queue's (decided contradictions): those read contradictionQueueSql.
 */
function maintainedQueueSql(query: Filters, now: Date): Prisma.Sql | null {
  if (query.status !== 'unresolved' || query.has_suggestion !== undefined) return null;
  return Prisma.sql`
    SELECT * FROM (SELECT p.*, ${agedSql(Prisma.sql`p.opened_at`, now)} AS aged FROM (${pendingTriplesSql(query.scopes, now)}) p) x
    WHERE TRUE ${tripleFilters('x', query)} ${query.aged === undefined ? Prisma.empty : Prisma.sql`AND aged = ${query.aged}`}`;
}

/** A page of contradictions as they are at `now` (the queue's instant: liveness and age). */
export async function listContradictions(query: ConflictQuery, now = new Date()): Promise<ContradictionsPage> {
  if (!query.scopes.length) return { contradictions: [], cursor: null, total: 0, offset: 0 };
  const order = orderOf(query, 'opened_at', 'contradictions');
  const after = cursorPredicate(order, query.cursor);
  const queue = maintainedQueueSql(query, now);
  // One snapshot for the page, its review columns and its total; on the primary, as before: the queue
  // is read again right after a decision, and must not show it undecided from a lagging replica.
  return readOnly(async (tx) => {
    let rows: ContradictionReviewRow[];
    let keys: Record<string, unknown>[];
    if (queue) {
      // The page's keys from the queue's rows, then the review columns of those rows only.
      // Only the order's columns: the queue's default order reads its index alone.
      const columns = Prisma.raw([...new Set(['id', ...order.keys.map((k) => (k.column === 'aged::int' ? 'aged' : k.column))])].join(', '));
      keys = await tx.$queryRaw<Record<string, unknown>[]>(Prisma.sql`SELECT ${columns} FROM (${queue}) q WHERE TRUE ${afterCursor(after)} ${orderBySql(order)} LIMIT ${query.limit + 1}`);
      const ids = keys.slice(0, query.limit).map((k) => k.id as string);
      const reviewed = ids.length
        ? await tx.$queryRaw<ContradictionReviewRow[]>(Prisma.sql`WITH ${reviewCte(now, Prisma.sql`AND x.id IN (${Prisma.join(ids)})`)} SELECT review.*, ${CONFLICT_ID_COLUMN} FROM review`)
        : [];
      const byId = new Map(reviewed.map((r) => [r.id, r]));
      rows = ids.map((id) => byId.get(id)).filter((r): r is ContradictionReviewRow => r !== undefined);
    } else {
      rows = await tx.$queryRaw<ContradictionReviewRow[]>(contradictionQueueSql(query, afterCursor(after), Prisma.sql`LIMIT ${query.limit + 1}`, now));
      keys = rows as unknown as Record<string, unknown>[];
    }
    // The total and this page's place in it, in one pass over the same list.
    const [{ n, before }] = await tx.$queryRaw<{ n: bigint; before: bigint }[]>(
      Prisma.sql`SELECT count(*) AS n, ${after ? Prisma.sql`count(*) FILTER (WHERE NOT ${after})` : Prisma.sql`0`} AS before FROM (${queue ?? contradictionQueueSql(query, Prisma.empty, Prisma.empty, now)}) q`,
    );
    const page = rows.slice(0, query.limit);
    const last = keys[Math.min(keys.length, query.limit) - 1];
    return {
      contradictions: await toContradictionRecords(tx, page),
      cursor: keys.length > query.limit && last ? cursorOf(order, last) : null,
      total: Number(n),
      offset: Number(before),
    };
  }, { on: 'primary' });
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
  return Prisma.sql`
    SELECT * FROM (
      SELECT c.*, ${conflictAgeColumns('c', now)}
      FROM conflicts c WHERE TRUE ${tripleFilters('c', query)} ${conflictStatus(query.status)} ${conflictSuggestionFilter(query)}
    ) q WHERE TRUE ${query.aged === undefined ? Prisma.empty : Prisma.sql`AND aged = ${query.aged}`} ${after}
    ${orderBySql(orderOf(query, 'detected_at', 'conflicts'))}`;
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
  const order = orderOf(query, 'detected_at', 'conflicts');
  const db = await getDb();
  const rows = await db.$queryRaw<(ConflictRow & ConflictReview)[]>(
    Prisma.sql`${conflictQueueSql(query, afterCursor(cursorPredicate(order, query.cursor)))} LIMIT ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    conflicts: await toReviewedConflictRecords(db, page),
    cursor: rows.length > query.limit && last ? cursorOf(order, last as unknown as Record<string, unknown>) : null,
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
