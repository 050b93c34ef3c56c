import type { LintCheck } from '@/lib/lint/lint-request';

/** How the dashboard names each §14.1 check. */
export const CHECK_LABELS: Record<LintCheck, string> = {
  contradiction: 'Contradiction',
  stale: 'Stale',
  orphan: 'Orphan',
  broken_ref: 'Broken ref',
};
