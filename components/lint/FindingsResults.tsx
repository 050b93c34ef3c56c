import { Link } from '@/components/ui/Link';
import type { FactRecord } from '@/lib/facts/fact-record';
import type { LintFinding } from '@/lib/lint/lint-request';
import { findingsHref, type FindingsView, isFiltered } from '@/lib/lint/view/findings-query';
import { plural } from '@/lib/lint/view/scope-status';
import { EmptyState } from '../ui/EmptyState';
import { linkStyles } from '../ui/styles';
import { FindingsExportLinks } from './FindingsExportLinks';
import { FindingsFilters } from './FindingsFilters';
import { FindingsPager } from './FindingsPager';
import { FindingsTable } from './FindingsTable';
import type { FindingActor } from '@/lib/lint/view/finding-actor';

/**
 * A scope's findings below its summary, the same for a live lint and a background job's result:
 * "healthy" when there are none at all, else the filters, one page of the table (or why it is
 * empty), the pager and the export links.
 */
export function FindingsResults({
  scope,
  view,
  factCount,
  findingCount,
  namespaces,
  findings,
  facts,
  total,
  actor,
}: {
  scope: string;
  view: FindingsView;
  factCount: number;
  /** Every finding of the scope, before the filters. */
  findingCount: number;
  namespaces: string[];
  findings: LintFinding[];
  facts?: Record<string, FactRecord>;
  /** Findings that match the filters, on every page. */
  total: number;
  actor: FindingActor;
}) {
  if (findingCount === 0) {
    return (
      <EmptyState title="This scope is healthy" testId="scope-healthy">
        No contradictions, stale values, orphaned entities, broken references or bare relations in {plural(factCount, 'fact')}.
      </EmptyState>
    );
  }
  const empty = (
    <EmptyState title={isFiltered(view) && total === 0 ? 'No findings match these filters' : 'No findings on this page'} testId="findings-empty">
      <Link href={findingsHref(scope, { ...view, check: undefined, severity: undefined, namespace: undefined, q: undefined, page: 1 })} className={linkStyles}>
        Show all findings
      </Link>
    </EmptyState>
  );
  return (
    <>
      <FindingsFilters scope={scope} view={view} namespaces={namespaces} />
      {findings.length ? <FindingsTable scope={scope} findings={findings} facts={facts} view={view} actor={actor} /> : empty}
      <FindingsPager scope={scope} view={view} total={total} shown={findings.length} />
      <FindingsExportLinks scope={scope} view={view} />
    </>
  );
}
