import { z } from 'zod';
import { normalizeUri } from '../facts/normalize';
import { relationSchema } from '../facts/parse-fact-input';
import { scopeSchema } from '../facts/scope';

// POST /v1/lint request (§14.4). Every validation failure is a 400, as the section says.

/**
 * §14.1's four checks, Spec-20's fifth (namespacing), and memory integrity's two (injection: text aimed
 * at a model as an instruction; sensitive: credentials and forbidden personal data); "all checks"
 * (checks omitted or empty) is all seven.
 */
export const LINT_CHECKS = ['contradiction', 'stale', 'orphan', 'broken_ref', 'namespacing', 'injection', 'sensitive'] as const;
export type LintCheck = (typeof LINT_CHECKS)[number];
export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Broken refs on these relations silently discard agent context during delegation (§14.3). */
export const INTENT_REF_RELATIONS = ['intent:handoff_to', 'intent:context_ref'];

export const lintRequestSchema = z.object({
  scope: scopeSchema,
  checks: z
    .array(z.enum(LINT_CHECKS, { error: `checks are ${LINT_CHECKS.join(', ')}` }), { error: 'checks must be an array' })
    .nullish()
    .transform((checks) => (checks?.length ? LINT_CHECKS.filter((c) => checks.includes(c)) : [...LINT_CHECKS])),
  entity: z
    .string({ error: 'entity must be a string' })
    .transform(normalizeUri)
    .pipe(z.string().min(1, 'entity must not be empty'))
    .nullish(),
  relation: relationSchema.nullish(),
  stale_lookahead_s: z
    .number({ error: 'stale_lookahead_s must be a non-negative integer' })
    .int('stale_lookahead_s must be a non-negative integer')
    .min(0, 'stale_lookahead_s must be a non-negative integer')
    .max(10 * 365 * 24 * 3600, 'stale_lookahead_s is more than ten years')
    .nullish()
    .transform((v) => v ?? 0),
});

export type LintRequest = z.output<typeof lintRequestSchema>;

export interface LintFinding {
  check: LintCheck;
  severity: Severity;
  entity: string;
  relation: string | null;
  fact_ids: string[];
  detail: string;
  /** contradiction: the conflict to resolve. */
  conflict_id?: string;
  /** broken_ref: the entity or fact id the ref points at. */
  ref_target?: string;
  /** stale: when the value expired or expires. */
  valid_until?: string;
  /** namespacing: the prefixed relation the values should move to. */
  suggested_relation?: string;
  /** injection: the detector's score, 0–1. */
  score?: number;
  /** injection, sensitive: what the detectors found (`kind:rule`, or `class:format:masked` — never the secret). */
  signals?: string[];
}

export interface LintResult {
  findings: LintFinding[];
  checked_at: string;
  scope: string;
  checks_run: LintCheck[];
  fact_count: number;
}
