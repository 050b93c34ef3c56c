// What the Apply confirmation says will be written, from the dry run the person just looked at.

export interface SweepPreviewCounts {
  scope: string;
  dry_run_would_retract: number;
  dry_run_would_reduce: number;
  counts_by_policy: { policy_id: string; would_retract: number; would_reduce: number }[];
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function describeSweep(preview: SweepPreviewCounts, oneFact = false): { headline: string; details: string[] } {
  const retract = preview.dry_run_would_retract;
  const reduce = preview.dry_run_would_reduce;
  const total = retract + reduce;
  const writing = preview.counts_by_policy.filter((c) => c.would_retract + c.would_reduce > 0).map((c) => c.policy_id);
  const parts = [retract ? plural(retract, 'retraction (confidence 0.0)', 'retractions (confidence 0.0)') : null, reduce ? plural(reduce, 'confidence reduction', 'confidence reductions') : null].filter(
    (p): p is string => p !== null,
  );
  const headline = total
    ? `Writes ${plural(total, 'new fact', 'new facts')} in scope “${preview.scope}”${oneFact ? ' for this fact' : ''}: ${parts.join(' and ')}.`
    : `Nothing to write in scope “${preview.scope}”.`;
  return {
    headline,
    details: [
      'Each is a new fact with source system:stigmem:decay; no existing fact is changed or deleted.',
      writing.length ? `${writing.length === 1 ? 'Policy' : 'Policies'}: ${writing.join(', ')}.` : 'No policy has anything to write.',
      'A retraction closes an open conflict on that value.',
      'The sweep re-reads the scope when it runs, so its counts can differ slightly from this preview.',
    ],
  };
}
