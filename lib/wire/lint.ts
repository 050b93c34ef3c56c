import { z } from 'zod';
import { jobRecord, JobAccepted } from './jobs';
import { CONFLICT_ID_PATTERN, FactRecord, isoInstant, Scope } from './records';
import { optionalAsOf } from './time-travel';

// Wire shapes of lint (§14.2, §14.4, §14.5), of its jobs, and of the dashboard's findings pages.

/** §14.1's four checks, Spec-20's namespacing, and memory integrity's injection and sensitive. */
export const LINT_CHECK_NAMES = ['contradiction', 'stale', 'orphan', 'broken_ref', 'namespacing', 'injection', 'sensitive'] as const;
export const Severity = z.enum(['error', 'warning', 'info']);

export const LintFinding = z.object({
  check: z.enum(LINT_CHECK_NAMES),
  severity: Severity,
  entity: z.string().min(1),
  relation: z.string().nullable(),
  fact_ids: z.array(z.string().min(1)).min(1),
  detail: z.string().min(1),
  conflict_id: z.string().regex(CONFLICT_ID_PATTERN).optional().describe('contradiction: the conflict to resolve'),
  ref_target: z.string().optional().describe('broken_ref: the entity or fact id the ref points at'),
  valid_until: isoInstant.optional().describe('stale: when the value expired or expires'),
  suggested_relation: z.string().regex(/^[^:]+:/).optional().describe('namespacing: the prefixed relation the values should move to'),
  score: z.number().min(0).max(1).optional().describe("injection: the detector's score"),
  signals: z.array(z.string()).optional().describe('injection, sensitive: what the detectors found (never the secret itself)'),
});
export type LintFinding = z.infer<typeof LintFinding>;

export const LintResult = z.object({
  findings: z.array(LintFinding),
  checked_at: isoInstant,
  scope: Scope,
  checks_run: z.array(z.enum(LINT_CHECK_NAMES)),
  fact_count: z.number().int().min(0),
});

export const LintAccepted = JobAccepted;

/** POST /v1/lint: the result (200, with the as_of fields when asked as of an instant, `next_cursor` when asked for a page), or a job for a large scope (202). */
export const LintAnswer = z.union([
  LintResult.extend({ ...optionalAsOf, next_cursor: z.string().nullable().optional().describe('with limit: pass it back as cursor for the next page; null after the last') }),
  LintAccepted,
]);

/** GET /v1/lint/jobs/:id: once done, the lint body (the findings streamed last). */
export const LintJob = jobRecord('lint', LintResult.shape);

export const SeverityCounts = z.object({ error: z.number().int().min(0), warning: z.number().int().min(0), info: z.number().int().min(0) });

/** A finding with its relation's namespace ("" for an entity-level finding), as the dashboard pages and exports them. */
export const ScopeFinding = LintFinding.extend({ namespace: z.string() });

/** GET /api/scopes/:scope/findings: one page of a scope's findings, filtered and sorted. */
export const FindingsPage = z.object({
  findings: z.array(ScopeFinding),
  total: z.number().int().min(0),
  offset: z.number().int().min(0),
  limit: z.number().int().min(1),
  checked_at: isoInstant,
});

/** GET /api/scopes/:scope/lint-preview: a large scope's first findings in lint's order while its lint job runs. */
export const LintPreviewAnswer = z.object({
  findings: z.array(LintFinding),
  facts: z.record(z.string(), FactRecord).describe("the contradiction findings' facts, by id"),
  checked_at: isoInstant,
  more: z.boolean().describe('more findings follow in the whole lint'),
});

/** GET /api/scopes/:scope/findings/export?format=json: every finding of the page's filters. */
export const FindingsExport = z.array(ScopeFinding);

/** GET /api/lint-jobs/:id/findings: the job (done: the lint body without its findings) and, once done, one page of them. */
export const JobFindingsPage = z.object({
  job: jobRecord('lint', LintResult.omit({ findings: true }).shape),
  page: z
    .object({
      findings: z.array(LintFinding),
      total: z.number().int().min(0).describe('Findings matching the filters'),
      offset: z.number().int().min(0),
      counts: SeverityCounts.describe("The job's findings by severity, unfiltered"),
      namespaces: z.array(z.string()).describe("The relation namespaces of the job's findings (for the filter)"),
      finding_count: z.number().int().min(0),
      facts: z.record(z.string(), FactRecord).describe("The facts of this page's contradiction findings, by id"),
    })
    .nullable()
    .describe('Null while the job is pending or running, or when it failed'),
});
