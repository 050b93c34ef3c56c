import { queryKeys } from '../client/query-keys';
import type { LintResult } from './lint-request';
import type { FindingsView } from './view/findings-query';

// The react-query keys of a large scope's lint (the start, then one page of the job's findings per
// view). Shared by the browser's hook and the scope page, which starts the lint on the server and
// hands its answer to the browser's cache under the same keys.

/** What POST /v1/lint answers: a job above the threshold, the result itself below it. */
export type LintStartAnswer = { job_id: string; status: 'pending'; estimated_s: number } | LintResult;

export function lintStartKey(scope: string) {
  return [...queryKeys.lint, 'start', scope] as const;
}

export function viewParams(view: FindingsView): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(view)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
}

export function lintJobPageKey(jobId: string | null, view: FindingsView) {
  return [...queryKeys.lint, 'job', jobId, viewParams(view)] as const;
}

/** The first findings of `scope` shown while its lint job `jobId` runs (lib/lint/lint-preview.ts). */
export function lintPreviewKey(scope: string, jobId: string | null) {
  return [...queryKeys.lint, 'preview', scope, jobId] as const;
}
