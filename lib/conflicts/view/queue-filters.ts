import type { ConflictStatusFilter } from '../list-conflicts';
import { type ConflictSort, DEFAULT_SORT_DIRECTION, type SortDirection } from '../conflict-sorts';
import { normalizeUri } from '../../facts/normalize';
import { type FactScope, isFactScope } from '../../facts/scope';

// The conflicts queue's filters, read from the page URL and written back into links and into the
// GET /v1/conflicts query the browser refetches. Plain functions: the server page and the client
// queue share them, and nothing here may import server code.

export const QUEUE_STATUSES = ['unresolved', 'resolved', 'dismissed', 'all'] as const satisfies readonly ConflictStatusFilter[];
export const QUEUE_PAGE_SIZE = 50;
/** The orders the queue's headers offer (triple, values, opened), and its own (aged first, then newest). */
export const QUEUE_SORTS = ['queue', 'triple', 'values', 'detection'] as const satisfies readonly ConflictSort[];
export type QueueSort = (typeof QUEUE_SORTS)[number];

export interface QueueFilters {
  status: ConflictStatusFilter;
  scope?: FactScope;
  /** Relation namespace: the part of the relation before its first ":". */
  namespace?: string;
  entity?: string;
  aged?: boolean;
  hasSuggestion?: boolean;
  /** Absent: the status's own order (queueSort). */
  sort?: QueueSort;
  /** Absent: the sort's own direction. */
  dir?: SortDirection;
  cursor?: string;
}

type SearchParams = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function optionalBoolean(raw: string | undefined): boolean | undefined {
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  return undefined;
}

/** Unknown or malformed values fall back to "no filter" instead of failing the page. */
export function parseQueueFilters(params: SearchParams): QueueFilters {
  const status = one(params.status);
  const scope = one(params.scope);
  const namespace = one(params.namespace)?.trim().replace(/:$/, '').slice(0, 100);
  const entity = normalizeUri(one(params.entity) ?? '').slice(0, 1024);
  const cursor = one(params.cursor);
  const sort = one(params.sort);
  const dir = one(params.dir);
  return {
    status: (QUEUE_STATUSES as readonly string[]).includes(status ?? '') ? (status as ConflictStatusFilter) : 'unresolved',
    ...(isFactScope(scope) ? { scope } : {}),
    ...(namespace ? { namespace } : {}),
    ...(entity ? { entity } : {}),
    ...(optionalBoolean(one(params.aged)) !== undefined ? { aged: optionalBoolean(one(params.aged)) } : {}),
    ...(optionalBoolean(one(params.has_suggestion)) !== undefined ? { hasSuggestion: optionalBoolean(one(params.has_suggestion)) } : {}),
    ...((QUEUE_SORTS as readonly string[]).includes(sort ?? '') ? { sort: sort as QueueSort } : {}),
    ...(dir === 'asc' || dir === 'desc' ? { dir } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** The review queue (aged first, then newest) for what waits; newest detection for the rest. */
export function queueSort(status: ConflictStatusFilter): 'queue' | 'detection' {
  return status === 'unresolved' ? 'queue' : 'detection';
}

/** The order a view lists in: its sort (or the status's own) and direction (or the sort's own). */
export function queueOrder(filters: QueueFilters): { sort: QueueSort; dir: SortDirection } {
  const sort = filters.sort ?? queueSort(filters.status);
  return { sort, dir: filters.dir ?? DEFAULT_SORT_DIRECTION[sort] };
}

/** A header's link: sorts by its column in the column's own direction, or flips the current one; back to the first page. */
export function queueSortHref(filters: QueueFilters, sort: QueueSort): string {
  const current = queueOrder(filters);
  const dir = current.sort === sort ? (current.dir === 'asc' ? 'desc' : 'asc') : DEFAULT_SORT_DIRECTION[sort];
  return queueHref(filters, { sort, dir: dir === DEFAULT_SORT_DIRECTION[sort] ? undefined : dir });
}

/** "1–50 of 1,580", the page number and the page count of a queue page. */
export function queuePlace(offset: number, shown: number, total: number, pageSize = QUEUE_PAGE_SIZE) {
  return { from: shown ? offset + 1 : 0, to: offset + shown, page: Math.floor(offset / pageSize) + 1, pages: Math.max(1, Math.ceil(total / pageSize)) };
}

function filterParams(filters: QueueFilters): URLSearchParams {
  const params = new URLSearchParams({ status: filters.status });
  if (filters.scope) params.set('scope', filters.scope);
  if (filters.namespace) params.set('namespace', filters.namespace);
  if (filters.entity) params.set('entity', filters.entity);
  if (filters.aged !== undefined) params.set('aged', String(filters.aged));
  if (filters.hasSuggestion !== undefined) params.set('has_suggestion', String(filters.hasSuggestion));
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.dir) params.set('dir', filters.dir);
  if (filters.cursor) params.set('cursor', filters.cursor);
  return params;
}

/** The dashboard URL of a queue view; `changes` replaces some filters (a filter change restarts paging). */
export function queueHref(filters: QueueFilters, changes: Partial<QueueFilters> = {}): string {
  const next = { ...filters, ...changes };
  if (!('cursor' in changes)) delete next.cursor;
  if (next.sort === undefined) delete next.sort;
  if (next.dir === undefined) delete next.dir;
  return `/conflicts?${filterParams(next)}`;
}

/** The JSON API query for the same view: one contradiction per contradicted triple. */
export function conflictsApiPath(filters: QueueFilters, limit = QUEUE_PAGE_SIZE): string {
  const params = filterParams(filters);
  const order = queueOrder(filters);
  params.set('group', 'triple');
  params.set('sort', order.sort);
  params.set('dir', order.dir);
  params.set('limit', String(limit));
  return `/v1/conflicts?${params}`;
}

/** True when a filter narrows the view (the empty state then says so). */
export function hasNarrowingFilter(filters: QueueFilters): boolean {
  return !!(filters.scope || filters.namespace || filters.entity || filters.aged !== undefined || filters.hasSuggestion !== undefined);
}
