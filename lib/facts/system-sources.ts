/** Source of facts the node writes for its own bookkeeping (conflict records). */
export const SYSTEM_SOURCE = 'system:stigmem';
/** Source of facts written by the decay sweeper (§15.3). */
export const DECAY_SOURCE = 'system:stigmem:decay';

/** Relations of the system namespace: never part of a contradiction, never decayed. */
export function isSystemRelation(relation: string): boolean {
  return relation.startsWith('stigmem:');
}
