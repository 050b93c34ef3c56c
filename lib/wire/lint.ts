import { z } from 'zod';
import { isoInstant } from './records';

// Wire shapes of lint (§14.2, §14.4, §14.5) and of its jobs.

/** §14.1's four checks, Spec-20's namespacing, and memory integrity's injection and sensitive. */
export const LINT_CHECK_NAMES = ['contradiction', 'stale', 'orphan', 'broken_ref', 'namespacing', 'injection', 'sensitive'] as const;

export const LintFinding = z.object({
  check: z.enum(LINT_CHECK_NAMES),
  severity: z.enum(['error', 'warning', 'info']),
  entity: z.string().min(1),
  relation: z.string().nullable(),
  fact_ids: z.array(z.string().min(1)).min(1),
  detail: z.string().min(1),
  conflict_id: z.string().optional(),
  ref_target: z.string().optional(),
  valid_until: z.string().optional(),
  suggested_relation: z.string().regex(/^[^:]+:/).optional(),
  score: z.number().min(0).max(1).optional(),
  signals: z.array(z.string()).optional(),
});
export type LintFinding = z.infer<typeof LintFinding>;

export const LintResult = z.object({
  findings: z.array(LintFinding),
  checked_at: isoInstant,
  scope: z.enum(['local', 'team', 'company', 'public']),
  checks_run: z.array(z.enum(LINT_CHECK_NAMES)),
  fact_count: z.number().int().min(0),
});

export const LintAccepted = z.object({ job_id: z.string().uuid(), status: z.literal('pending'), estimated_s: z.number().int().min(1) });

export const LintJob = z.object({
  job_id: z.string().uuid(),
  kind: z.literal('lint'),
  scope: z.string(),
  status: z.enum(['pending', 'running', 'done', 'failed']),
  progress: z.number().min(0).max(1),
  estimated_s: z.number().int(),
  claimed_by: z.string().nullable(),
  attempts: z.number().int().min(0),
  error: z.string().optional(),
});
