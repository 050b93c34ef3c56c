export type ConflictOutcome = 'resolved' | 'dismissed' | 'already' | 'undone';

/** Where a conflict page was opened from, carried through its decision: the list to go back to and the next item of it. */
export interface ConflictTrail {
  /** A same-origin path (the scope's findings with their filters, or the queue); checked again by the page (return-trail.ts). */
  from?: string;
  /** The id of the next contradiction in that list. */
  next?: string;
}

/** Conflict ids contain colons (stigmem:conflict:<uuid>): always encode them into a path. */
export function conflictHref(conflictId: string, outcome?: ConflictOutcome, trail: ConflictTrail = {}): string {
  const params = new URLSearchParams();
  if (outcome) params.set('outcome', outcome);
  if (trail.from) params.set('from', trail.from);
  if (trail.next) params.set('next', trail.next);
  const query = params.toString();
  return `/conflicts/${encodeURIComponent(conflictId)}${query ? `?${query}` : ''}`;
}

export function entityHref(entity: string): string {
  return `/entities/${encodeURIComponent(entity)}`;
}
