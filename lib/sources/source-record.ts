// What the Sources view says about a source (lib/sources/list-sources.ts computes it): shared by
// the API, the page and its view models, with no database import so client code may use it.

export const SOURCE_SORTS = ['facts', 'lost', 'flagged', 'stale_share', 'last_write', 'source'] as const;
export type SourceSort = (typeof SOURCE_SORTS)[number];

/** A source's record: one definition for the list, the detail and the page. */
export interface SourceSummary {
  source: string;
  /** A source the node writes with itself (system:…): conflict bookkeeping, decay steps. */
  system: boolean;
  /** Fact rows it wrote in the scope, retractions included. */
  facts: number;
  retractions: number;
  first_write: string;
  last_write: string;
  /** Values whose newest fact it wrote and that are not retracted (live or expired). */
  values_held: number;
  live_values: number;
  /** Its values that expired and were never retracted (lint's stale warnings), and their share of values_held. */
  stale: number;
  stale_share: number;
  contradictions: { total: number; open: number; won: number; lost: number; dismissed: number; closed: number };
  /** Lint's injection and sensitive findings on the values it holds. */
  findings: { injection: number; sensitive: number };
  quarantine: { pending: number; rejected: number; admitted: number };
}

/** How a contradiction a source took part in ended, for that source. */
export const SOURCE_OUTCOMES = ['open', 'won', 'lost', 'dismissed', 'closed'] as const;
export type SourceOutcome = (typeof SOURCE_OUTCOMES)[number];
