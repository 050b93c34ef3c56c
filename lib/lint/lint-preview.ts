import type { FactRecord } from '../facts/fact-record';
import { sqlState } from '../db/sql-state';
import { timedOut } from '../errors/domain-error';
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

/**
 * How long the scope page waits for the preview beside its lint's start; the server's read gives up
 * after it too (a page no longer waited for must not hold a connection the lint job and the page need).
 */
export const PREVIEW_WAIT_MS = 1_000;

/** The preview's time when the browser asks for it (after "Lint again"). */
export const PREVIEW_API_BUDGET_MS = 5_000;

/** The first findings of `scope`; a read that outlasts `budgetMs` is a 408 `preview_timeout`. */
export async function lintPreview(scope: FactScope, budgetMs: number): Promise<LintPreview> {
  try {
    const page = await lintPage(lintRequestSchema.parse({ scope }), PREVIEW_ROWS, null, budgetMs);
    return { findings: page.findings, facts: await loadFindingFacts(page.findings, scope), checked_at: page.checked_at, more: page.next_cursor !== null };
  } catch (error) {
    const state = sqlState(error);
    if (state === '57014' || state === '55P03') throw timedOut('preview_timeout', `the first findings took longer than ${budgetMs / 1000} s to read; the lint job's findings follow when it ends`);
    throw error;
  }
}
