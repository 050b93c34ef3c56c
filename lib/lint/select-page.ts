import type { LintFinding } from './lint-request';
import { filterFindings, type FilteredFindings } from './view/filter-findings';
import type { FindingsView } from './view/findings-query';

// One page of a view over findings that arrive in chunks (a finished lint job's stored pages, read
// one at a time by job-findings-page.ts), without holding them all: the same answer as
// filterFindings over the whole list, whose filters and order it applies to each chunk.

/**
 * filterFindings(all, view, pageSize) for `all` given in chunks in the stored order, holding only what
 * can still be on the page: its window when the view's order is the stored one, else a bounded top-k.
 */
export async function selectPage(chunks: AsyncIterable<LintFinding[]>, view: FindingsView, pageSize: number): Promise<FilteredFindings> {
  const offset = (view.page - 1) * pageSize;
  const firstPage: FindingsView = { ...view, page: 1 };
  // severity ascending, with compareFindings as the tie-break, is FINDING_ORDER itself.
  const storedOrder = view.sort === 'severity' && view.dir === 'asc';
  const keep = offset + pageSize;
  let total = 0;
  let kept: LintFinding[] = [];
  for await (const chunk of chunks) {
    // The view's filters, and its order within the chunk (a chunk is one stored page at most).
    const matches = filterFindings(chunk, firstPage, Number.MAX_SAFE_INTEGER).findings;
    if (storedOrder) {
      for (const [i, finding] of matches.entries()) if (total + i >= offset && total + i < keep) kept.push(finding);
    } else {
      kept.push(...matches);
      // Sorting is stable and the kept rows came earlier in the stored order, so ties cut as the full sort would.
      if (kept.length >= Math.max(2 * keep, 2_000)) kept = filterFindings(kept, firstPage, keep).findings;
    }
    total += matches.length;
  }
  const findings = storedOrder ? kept : filterFindings(kept, firstPage, keep).findings.slice(offset);
  return { findings, total, offset };
}
