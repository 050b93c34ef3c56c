import { DataTable, type Column } from '@/components/ui/DataTable';
import { Identifier } from '@/components/ui/Identifier';
import { DateTime } from '@/components/ui/DateTime';
import { Link } from '@/components/ui/Link';
import { linkStyles } from '@/components/ui/styles';
import type { SourceSummary } from '@/lib/sources/source-record';
import { formatShare, needsAttention, type SourcesFilters, sortDirection, sourcesHref } from '@/lib/sources/view/sources-view';
import type { ReactNode } from 'react';
import { OutcomeBar } from './OutcomeBar';

const count = (n: number) => n.toLocaleString('en-US');
const alarm = (n: number, text: ReactNode = count(n)) => (n ? <span className="font-semibold text-rose-700">{text}</span> : <span className="text-slate-600">0</span>);

/** The sources of a scope, one row each; a header sorts the list on the server (the URL keeps it). */
export function SourcesTable({ sources, filters, empty }: { sources: SourceSummary[]; filters: SourcesFilters; empty: ReactNode }) {
  const columns: Column<SourceSummary>[] = [
    {
      key: 'source',
      header: 'Source',
      sortKey: 'source',
      rowHeader: true,
      className: 'min-w-56 max-w-96',
      cell: (s) => (
        <div className="min-w-0">
          <Link href={sourcesHref(filters, { source: s.source, offset: filters.offset })} className={`${linkStyles} font-mono text-xs wrap-break-word`} data-testid="source-link">
            <Identifier text={s.source} />
          </Link>
          {s.system ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-[11px] text-slate-600">node bookkeeping</span> : null}
          {needsAttention(s) ? <span className="ml-2 rounded bg-rose-50 px-1.5 py-0.5 text-[11px] font-medium text-rose-800 ring-1 ring-rose-600/30 ring-inset">look here</span> : null}
        </div>
      ),
    },
    { key: 'facts', header: 'Facts', sortKey: 'facts', align: 'right', className: 'tabular-nums whitespace-nowrap', cellTestId: 'source-facts', cell: (s) => count(s.facts) },
    { key: 'live', header: 'Live values', align: 'right', className: 'tabular-nums whitespace-nowrap', cell: (s) => count(s.live_values) },
    {
      key: 'stale',
      header: 'Stale',
      sortKey: 'stale_share',
      align: 'right',
      className: 'tabular-nums whitespace-nowrap',
      cellTestId: 'source-stale',
      cell: (s) => (s.stale ? `${formatShare(s.stale_share)} (${count(s.stale)})` : <span className="text-slate-600">0 %</span>),
    },
    { key: 'contradictions', header: 'Contradictions', sortKey: 'lost', className: 'min-w-40', cellTestId: 'source-contradictions', cell: (s) => <OutcomeBar summary={s} /> },
    {
      key: 'flagged',
      header: 'Injection · sensitive',
      sortKey: 'flagged',
      align: 'right',
      className: 'tabular-nums whitespace-nowrap',
      cellTestId: 'source-flagged',
      cell: (s) => (
        <>
          {alarm(s.findings.injection)} · {alarm(s.findings.sensitive)}
        </>
      ),
    },
    {
      key: 'quarantine',
      header: 'In quarantine',
      align: 'right',
      className: 'tabular-nums whitespace-nowrap',
      cell: (s) => alarm(s.quarantine.pending + s.quarantine.rejected),
    },
    { key: 'last', header: 'Last write', sortKey: 'last_write', className: 'whitespace-nowrap', cell: (s) => <DateTime iso={s.last_write} /> },
  ];
  return (
    <DataTable
      columns={columns}
      rows={sources}
      rowKey={(s) => s.source}
      caption={`Sources of ${filters.scope ?? 'the scope'}`}
      testId="sources-table"
      empty={empty}
      density="compact"
      sort={{ key: filters.sort, dir: sortDirection(filters.sort), href: (sort) => sourcesHref(filters, { sort: sort as SourcesFilters['sort'] }) }}
      rowProps={(s) => ({ 'data-testid': 'source-row', 'data-source': s.source })}
      isSelected={(s) => s.source === filters.source}
    />
  );
}
