import Link from 'next/link';
import { entityHref } from '@/components/conflicts/conflict-href';
import type { FactRecord } from '@/lib/facts/fact-record';
import type { FindingsView } from '@/lib/health/findings-query';
import type { LintFinding } from '@/lib/lint/lint-request';
import { cardStyles, linkStyles } from '../ui/styles';
import { CHECK_LABELS } from './check-labels';
import { FindingAction } from './FindingAction';
import { FindingDetail } from './FindingDetail';
import { SeverityBadge } from './SeverityBadge';
import { SortHeader } from './SortHeader';

/**
 * One page of findings with its remediation per row. Sorting is by URL (the column headers are
 * links), so the same table serves the server-paged view and a large scope's background job.
 */
export function FindingsTable({
  scope,
  findings,
  facts,
  view,
  canWrite,
  source,
}: {
  scope: string;
  findings: LintFinding[];
  /** The facts of the contradiction findings on this page, by id (loadFindingFacts). */
  facts?: Record<string, FactRecord>;
  view: FindingsView;
  canWrite: boolean;
  source: string;
}) {
  return (
    <div className={`${cardStyles} overflow-x-auto`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="findings-table">
        <caption className="sr-only">Lint findings in {scope}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <SortHeader scope={scope} view={view} column="severity" label="Severity" />
            <SortHeader scope={scope} view={view} column="check" label="Check" />
            <SortHeader scope={scope} view={view} column="entity" label="Entity" />
            <SortHeader scope={scope} view={view} column="relation" label="Relation" />
            <th scope="col" className="px-4 py-3">
              Detail
            </th>
            <th scope="col" className="px-4 py-3">
              Action
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {findings.map((finding) => (
            <tr
              key={`${finding.check}:${finding.entity}:${finding.relation ?? ''}:${finding.fact_ids.join(',')}`}
              data-testid="finding-row"
              data-check={finding.check}
              data-entity={finding.entity}
              className="hover:bg-slate-50/60"
            >
              <td className="px-4 py-3">
                <SeverityBadge severity={finding.severity} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-800">{CHECK_LABELS[finding.check]}</td>
              <td className="max-w-64 min-w-40 px-4 py-3">
                <Link href={entityHref(finding.entity)} className={`${linkStyles} font-mono text-xs wrap-anywhere`}>
                  {finding.entity}
                </Link>
              </td>
              <td className="max-w-48 px-4 py-3 font-mono text-xs wrap-anywhere text-slate-800">{finding.relation ?? <span className="font-sans text-slate-500">(entity)</span>}</td>
              <td className="max-w-xl min-w-72 px-4 py-3 text-slate-700">
                <FindingDetail finding={finding} facts={facts} />
              </td>
              <td className="w-60 min-w-52 px-4 py-3">
                <FindingAction finding={finding} scope={scope} canWrite={canWrite} source={source} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
