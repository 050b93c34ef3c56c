import { z } from 'zod';
import type { FactValue } from '../facts/fact-value';
import { normalizeUri } from '../facts/normalize';
import { relationSchema } from '../facts/parse-fact-input';
import { scopeSchema } from '../facts/scope';
import { SWEEP_MODES } from './decay-policy';

// POST /v1/decay/sweep (§15.2) plus our extensions: entity / relation / fact_id narrow a sweep
// (the dashboard's one-fact preview), limit / cursor page a dry-run's list of changes.

export const sweepRequestSchema = z.object({
  scope: scopeSchema,
  mode: z.enum(SWEEP_MODES, { error: `mode must be one of ${SWEEP_MODES.join(', ')}` }).nullish(),
  policy_id: z.string().min(1, 'policy_id must not be empty').max(200, 'policy_id is at most 200 characters').nullish(),
  entity: z.string().transform(normalizeUri).pipe(z.string().min(1, 'entity must not be empty').max(1024, 'entity is at most 1024 characters')).nullish(),
  relation: relationSchema.nullish(),
  fact_id: z.string().min(1, 'fact_id must not be empty').max(200, 'fact_id is at most 200 characters').nullish(),
  limit: z.number().int('limit must be an integer').min(1, 'limit must be at least 1').max(500, 'limit must be at most 500').default(50),
  cursor: z.string().max(2000, 'cursor is at most 2000 characters').nullish(),
});

export type SweepRequest = z.output<typeof sweepRequestSchema>;

export interface SweepChange {
  fact_id: string;
  entity: string;
  relation: string;
  value: FactValue;
  policy_id: string;
  action: 'retract' | 'reduce';
  confidence_before: number;
  confidence_after: number;
  age_s: number;
}

export interface SweepResult {
  swept_at: string;
  scope: string;
  mode: string;
  facts_evaluated: number;
  facts_retracted: number;
  facts_reduced: number;
  dry_run_would_retract: number;
  dry_run_would_reduce: number;
  policies_applied: string[];
}

export interface DryRunResult extends SweepResult {
  changes: SweepChange[];
  next_cursor: string | null;
  counts_by_policy: { policy_id: string; would_retract: number; would_reduce: number }[];
  /** Ten buckets of 0.1 over [0, 1]: how many changed values sit in each, before and after. */
  histogram: { bucket: string; before: number; after: number }[];
}
