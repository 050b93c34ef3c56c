export type ConflictOutcome = 'resolved' | 'dismissed' | 'already';

/** Conflict ids contain colons (stigmem:conflict:<uuid>): always encode them into a path. */
export function conflictHref(conflictId: string, outcome?: ConflictOutcome): string {
  return `/conflicts/${encodeURIComponent(conflictId)}${outcome ? `?outcome=${outcome}` : ''}`;
}

export function entityHref(entity: string): string {
  return `/entities/${encodeURIComponent(entity)}`;
}
