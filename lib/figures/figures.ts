// The glossary of figures (docs/semantics.md § Figures): every count the product shows, under one
// name with one label (the functions that count them: lib/facts/count-scope-sizes.ts,
// count-review-queue.ts, and the predicate in contradiction-sql.ts). Pages, /metrics, exports and the API read
// their labels and definitions from here, so two surfaces cannot call one number by two names or
// two numbers by one name. Pure: the dashboard's client components import it too.

export interface Figure {
  /** The label every surface shows beside the number. */
  label: string;
  /** What is counted, in one sentence (the metric's HELP text, the tooltips, the glossary). */
  definition: string;
}

export const FIGURES = {
  facts: {
    label: 'Facts',
    definition: 'Fact rows in the scope: history, retractions, decay steps and the node’s conflict bookkeeping included (lint’s fact_count).',
  },
  values: { label: 'Values', definition: 'Values of the knowledge base (value heads outside the stigmem: bookkeeping namespace), live or not.' },
  live_values: {
    label: 'Live values',
    definition: 'Values whose newest fact has confidence > 0, has not expired and is not in quarantine; the node’s stigmem: bookkeeping is not counted.',
  },
  entities: { label: 'Entities', definition: 'Entities with at least one value of the knowledge base (the stigmem: bookkeeping entities not counted).' },
  contradicted_triples: {
    label: 'Contradicted triples',
    definition: 'Triples with an open contradiction and at least two live values now: one lint finding, one synthesis entry marked contradicted, one row in the review queue each.',
  },
  aged_contradictions: { label: 'Aged contradictions', definition: 'Contradicted triples whose contradiction opened more than 14 days ago.' },
  unresolved_conflicts: {
    label: 'Unresolved conflicts',
    definition: 'Conflict records (one per value that joined a contradiction) not yet closed; a triple with N live values holds at most N − 1.',
  },
  entries: { label: 'Entries', definition: 'Synthesis entries: one per triple with a live value (outside stigmem:), at or above the minimum confidence.' },
  findings: { label: 'Findings', definition: 'Lint findings of every check.' },
  decay_reach: {
    label: 'Values under a policy',
    definition: 'Live values a decay policy governs (the sweep evaluates them; facts_evaluated); most of them are not old enough to change yet.',
  },
  decay_changes: {
    label: 'Changes to write',
    definition: 'Values the sweep would change now: retractions plus confidence reductions (dry_run_would_retract + dry_run_would_reduce).',
  },
  decay_retractions: { label: 'Would retract', definition: 'Values the sweep would retract now.' },
  decay_reductions: { label: 'Would reduce', definition: 'Values whose confidence the sweep would lower now.' },
} as const satisfies Record<string, Figure>;

export type FigureName = keyof typeof FIGURES;

/** The number as every surface writes it (en-US grouping). */
export const formatFigure = (n: number): string => n.toLocaleString('en-US');

/** A figure's accessible name: its label and its number ("Contradicted triples 1,080"). */
export const figureText = (name: FigureName, n: number): string => `${FIGURES[name].label} ${formatFigure(n)}`;

/** A finding counted per check: what one finding of the check is, so its count reads as that (lint/view/check-labels.ts names the checks themselves). */
export const FINDING_COUNT_LABELS = {
  contradiction: FIGURES.contradicted_triples.label,
  stale: 'Stale values',
  orphan: 'Orphan entities',
  broken_ref: 'Broken refs',
  namespacing: 'Unprefixed relations',
  injection: 'Injection suspects',
  sensitive: 'Sensitive values',
} as const;
