import { z } from 'zod';
import { jobRecord, JobAccepted } from './jobs';
import { FactValue, isoInstant, Scope, SCOPES } from './records';

// Wire shapes of decay (§15): policies, sweeps (a dry run's preview, a sweep's counts, the reference
// node's cron form) and sweep jobs.

const count = z.number().int().min(0);
const confidence = z.number().min(0).max(1);

export const DecayPolicy = z.object({
  id: z.string().min(1),
  relation: z.string().min(1).describe('"*", an exact relation, or "prefix:*"'),
  scope: z.enum([...SCOPES, '*']),
  mode: z.enum(['retract', 'confidence']),
  ttl_s: z.number().int().positive().nullable().describe('retract: age in seconds after which a value is retracted'),
  half_life_s: z.number().int().positive().nullable().describe('confidence: seconds in which confidence halves'),
  min_confidence: confidence,
  exempt_relations: z.array(z.string().min(1)),
  source: z.enum(['env', 'database']).describe('env: from STIGMEM_DECAY_POLICIES, read-only; database: managed through the API'),
});
export const DecayPolicyList = z.object({ policies: z.array(DecayPolicy) });

const sweepCounts = {
  swept_at: isoInstant,
  scope: Scope,
  facts_evaluated: count,
  facts_retracted: count,
  facts_reduced: count,
  dry_run_would_retract: count,
  dry_run_would_reduce: count,
  policies_applied: z.array(z.string().min(1)),
};

export const SweepResult = z.object({
  ...sweepCounts,
  mode: z.enum(['retract', 'confidence', 'mixed', 'none']).describe("The request's mode, or what the applied policies did"),
});

const SweepChange = z.object({
  fact_id: z.string().min(1),
  entity: z.string().min(1),
  relation: z.string().min(1),
  value: FactValue,
  policy_id: z.string().min(1),
  action: z.enum(['retract', 'reduce']),
  confidence_before: confidence,
  confidence_after: confidence,
  age_s: z.number().int(),
});

export const DryRunResult = z.object({
  ...sweepCounts,
  mode: z.literal('dry_run'),
  changes: z.array(SweepChange).describe('One page of the changes a sweep would make'),
  next_cursor: z.string().min(1).nullable(),
  counts_by_policy: z.array(z.object({ policy_id: z.string().min(1), would_retract: count, would_reduce: count })),
  histogram: z.array(z.object({ bucket: z.string().min(1), before: count, after: count })).length(10).describe('The changed values per tenth of confidence, before and after'),
});

/** The reference node's cron form (query parameters, no body). */
export const ReferenceSweepResult = z.object({ scanned: count, decayed: count, dry_run: z.boolean() });

/** POST /v1/decay/sweep: 200 with the sweep's result, or 202 with a job for a large scope. */
export const SweepAnswer = z.union([DryRunResult, SweepResult, ReferenceSweepResult, JobAccepted]);

/** GET /v1/decay/jobs/:id: once done, the sweep's counts. */
export const DecayJob = jobRecord('decay', SweepResult.shape);
