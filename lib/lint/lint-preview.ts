import type { FactRecord } from '../facts/fact-record';
import type { FactScope } from '../facts/scope';
import { lintPage } from './lint-page';
import { lintRequestSchema, type LintFinding } from './lint-request';
import { loadFindingFacts } from './load-finding-facts';

// The scope page of a large scope while its background lint runs: the first findings in lint's order
// (most severe first), read as one page of the paged lint (docs/decisions.md § Paged lint), so the
// page has something to act on within a second even when the whole lint takes a minute.

/** Findings the preview shows. */
export const PREVIEW_ROWS = 20;

export interface LintPreview {
  findings: LintFinding[];
  /** The facts of its contradiction findings, as the findings table shows them. */
  facts: Record<string, FactRecord>;
  checked_at: string;
  /** More findings follow in the whole lint. */
  more: boolean;
}

export async function lintPreview(scope: FactScope): Promise<LintPreview> {
  const page = await lintPage(lintRequestSchema.parse({ scope }), PREVIEW_ROWS, null);
  return { findings: page.findings, facts: await loadFindingFacts(page.findings, scope), checked_at: page.checked_at, more: page.next_cursor !== null };
}
