import type { FactRecord } from '@/lib/facts/fact-record';
import { Identifier } from '@/components/ui/Identifier';
import { type FindingSort, type FindingsView, findingsHref, sortHref } from '@/lib/lint/view/findings-query';
import type { LintFinding } from '@/lib/lint/lint-request';
import { CHECK_LABELS } from '@/lib/lint/view/check-labels';
import { type Column, DataTable } from '../ui/DataTable';
import { FindingAction } from './FindingAction';
import { FindingDetail } from './FindingDetail';
import { SeverityBadge } from './SeverityBadge';
import { EntityLink } from '../entities/EntityLink';
import type { FindingActor } from '@/lib/lint/view/finding-actor';

/**
 * One page of findings with its remediation per row. Sorting is by URL (the column headers are
 * links), so the same table serves the server-paged view and a large scope's background job.
 */
export function FindingsTable({
  scope,
  findings,
  facts,
  view,
  actor,
  testId = 'findings-table',
  rowTestId = 'finding-row',
}: {
  scope: string;
  findings: LintFinding[];
  /** The facts of the contradiction findings on this page, by id (loadFindingFacts). */
  facts?: Record<string, FactRecord>;
  view: FindingsView;
  actor: FindingActor;
  /** Test ids of the table and its rows (a large scope's preview is told apart from the job's findings). */
  testId?: string;
  rowTestId?: string;
}) {
  const columns: Column<LintFinding>[] = [
    { key: 'severity', header: 'Severity', sortKey: 'severity', cell: (f) => <SeverityBadge severity={f.severity} /> },
    { key: 'check', header: 'Check', sortKey: 'check', className: 'whitespace-nowrap text-slate-800', cell: (f) => CHECK_LABELS[f.check] },
    {
      key: 'entity',
      header: 'Entity',
      sortKey: 'entity',
      className: 'max-w-64 min-w-40',
      cell: (f) => (
        <EntityLink entity={f.entity} />
      ),
    },
    {
      key: 'relation',
      header: 'Relation',
      sortKey: 'relation',
      className: 'max-w-48 font-mono text-xs wrap-break-word text-slate-800',
      cell: (f) => (f.relation ? <Identifier text={f.relation} /> : <span className="font-sans text-slate-500">(entity)</span>),
    },
    { key: 'detail', header: 'Detail', className: 'max-w-xl min-w-72 text-slate-700', cell: (f) => <FindingDetail finding={f} facts={facts} /> },
    { key: 'action', header: 'Action', className: 'w-60 min-w-52', cell: (f) => <FindingAction finding={f} scope={scope} actor={actor} returnTo={findingsHref(scope, view)} /> },
  ];
  return (
    <DataTable
      columns={columns}
      rows={findings}
      rowKey={(f) => `${f.check}:${f.entity}:${f.relation ?? ''}:${f.fact_ids.join(',')}`}
      rowProps={(f) => ({ 'data-testid': rowTestId, 'data-check': f.check, 'data-severity': f.severity, 'data-entity': f.entity })}
      caption={`Lint findings in ${scope}`}
      testId={testId}
      sort={{ key: view.sort, dir: view.dir, href: (key) => sortHref(scope, view, key as FindingSort) }}
      stickyHeader
      stackOnPhone
    />
  );
}
