// The orders GET /v1/conflicts lists in (docs/api.md § Contradiction review). Pure: the queue's
// client code builds its links from them.

/**
 * detection: by opening (detection) time · age: oldest first (detection ascending) · queue: aged
 * first, then newest (the review queue) · triple: by entity, relation, scope · values: by how many
 * live values the triple holds (contradictions only). Each has a default direction; `dir` reverses it.
 */
export const CONFLICT_SORTS = ['detection', 'age', 'queue', 'triple', 'values'] as const;
export type ConflictSort = (typeof CONFLICT_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export const DEFAULT_SORT_DIRECTION: Record<ConflictSort, SortDirection> = { detection: 'desc', age: 'asc', queue: 'desc', triple: 'asc', values: 'desc' };
