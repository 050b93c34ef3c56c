import type { EntityFact } from '@/lib/entities/entity-history';
import { Identifier } from '@/components/ui/Identifier';
import { type Column, DataTable } from '../ui/DataTable';
import { DateTime } from '../ui/DateTime';
import { StatusBadge } from '../ui/StatusBadge';
import { ValueText } from '../ui/ValueText';
import { FactProvenance } from './FactProvenance';

const columns: Column<EntityFact>[] = [
  {
    key: 'status',
    header: 'Status',
    width: 'w-26',
    cell: (fact) => (
      <div className="flex flex-col items-start gap-1">
        <StatusBadge status={fact.status} testId="fact-status" />
        {fact.contradicted ? <StatusBadge status="contradicted" /> : null}
      </div>
    ),
  },
  { key: 'relation', header: 'Relation', width: 'w-32', className: 'font-mono text-xs wrap-break-word', cell: (fact) => <Identifier text={fact.relation} /> },
  {
    key: 'value',
    header: 'Value',
    cellTestId: 'fact-value',
    cell: (fact) => (
      <div className={fact.status === 'live' ? 'text-slate-900' : undefined}>
        <ValueText value={fact.value} showType />
        <FactProvenance fact={fact} />
      </div>
    ),
  },
  { key: 'confidence', header: 'Conf.', width: 'w-16', align: 'right', className: 'tabular-nums', cell: (fact) => fact.confidence.toFixed(2) },
  { key: 'source', header: 'Source', width: 'w-32', className: 'font-mono text-xs wrap-break-word', cell: (fact) => <Identifier text={fact.source} /> },
  { key: 'scope', header: 'Scope', width: 'w-20', className: 'capitalize', cell: (fact) => fact.scope },
  { key: 'asserted', header: 'Asserted', width: 'w-44', className: 'text-xs', cell: (fact) => <DateTime iso={fact.timestamp} hlc={fact.hlc} /> },
  { key: 'valid', header: 'Valid until', width: 'w-44', className: 'text-xs', cell: (fact) => <DateTime iso={fact.valid_until} fallback="no expiry" /> },
];

/** Every fact of an entity, newest HLC first, with what each one is now. */
export function FactHistoryTable({ facts }: { facts: EntityFact[] }) {
  return (
    <DataTable
      columns={columns}
      rows={facts}
      rowKey={(fact) => fact.id}
      rowProps={(fact) => ({ 'data-testid': `fact-row-${fact.id}`, 'data-status': fact.status, className: fact.status === 'live' ? undefined : 'bg-slate-50/50 text-slate-600' })}
      caption="Facts of this entity, newest first"
      testId="fact-history"
      density="compact"
      fixedLayout
      tableClassName="min-w-[72rem]"
      stickyHeader
    />
  );
}
