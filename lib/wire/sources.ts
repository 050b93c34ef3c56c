import { z } from 'zod';
import { CONFLICT_ID_PATTERN, CONTRADICTION_ID_PATTERN, FactValue, isoInstant, Scope } from './records';

// Wire shapes of the Sources view's API (docs/api.md § Sources): per source of a scope, what it
// wrote and holds, how its contradictions ended, and lint's findings on its values.

const count = z.number().int().min(0);

export const SourceSummary = z.object({
  source: z.string().min(1),
  system: z.boolean().describe('A source the node writes with itself (system:…)'),
  facts: count.describe('Fact rows it wrote in the scope, retractions included'),
  retractions: count,
  first_write: isoInstant,
  last_write: isoInstant,
  values_held: count.describe('Values whose newest fact it wrote and that are not retracted'),
  live_values: count,
  stale: count.describe('Its values that expired and were never retracted'),
  stale_share: z.number().min(0).max(1).describe('stale / values_held'),
  contradictions: z.object({ total: count, open: count, won: count, lost: count, dismissed: count, closed: count }),
  findings: z.object({ injection: count, sensitive: count }),
  quarantine: z.object({ pending: count, rejected: count, admitted: count }),
});

/** GET /v1/sources. */
export const SourceList = z.object({ scope: Scope, sources: z.array(SourceSummary), total: count, computed_at: isoInstant });

const SourceContradiction = z.object({
  contradiction_id: z.string().regex(CONTRADICTION_ID_PATTERN),
  conflict_id: z.string().regex(CONFLICT_ID_PATTERN).nullable().describe('While open: its oldest unresolved conflict'),
  entity: z.string().min(1),
  relation: z.string().min(1),
  outcome: z.enum(['open', 'won', 'lost', 'dismissed', 'closed']).describe('How it ended for this source'),
  value: FactValue.nullable().describe('The value this source brought into it; null while that fact is in quarantine'),
  winner_value: FactValue.nullable().describe('The value a decision kept, when one did'),
  opened_at: isoInstant,
  resolved_at: isoInstant.nullable(),
  resolved_by: z.string().nullable(),
  resolution_basis: z.enum(['manual', 'evidence', 'confidence', 'dismissed', 'retracted']).nullable(),
});

const SourceFinding = z.object({
  check: z.enum(['stale', 'injection', 'sensitive']),
  severity: z.enum(['error', 'warning', 'info']),
  entity: z.string().min(1),
  relation: z.string().nullable(),
  fact_id: z.string().min(1),
  valid_until: isoInstant.nullable(),
  score: z.number().min(0).max(1).nullable(),
  signals: z.array(z.string()),
});

/** GET /v1/sources/{source}. */
export const SourceDetail = z.object({
  scope: Scope,
  summary: SourceSummary,
  contradictions: z.array(SourceContradiction),
  findings: z.array(SourceFinding),
  computed_at: isoInstant,
});
