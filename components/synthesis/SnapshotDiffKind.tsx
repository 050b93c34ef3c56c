import { Link } from '@/components/ui/Link';
import type { DiffRow } from '@/lib/synthesis/hooks/use-snapshot-diff-query';
import { formatConfidence } from '@/lib/facts/view/fact-value-text';
import { conflictHref } from '@/lib/conflicts/view/conflict-href';
import { EntityLink } from '../entities/EntityLink';
import { type Column, DataTable } from '../ui/DataTable';
import { ValueText } from '../ui/ValueText';
import { cardStyles, linkStyles } from '../ui/styles';

function Side({ value, confidence, contradicted }: { value: DiffRow['from_value']; confidence: number | null; contradicted: boolean | null }) {
  if (!value) return <span className="text-slate-400">—</span>;
  return (
    <span className="block">
      <ValueText value={value} />
      <span className="mt-0.5 block text-xs text-slate-500 tabular-nums">
        {formatConfidence(confidence)}
        {contradicted ? <span className="ml-1 font-medium text-orange-700">contradicted</span> : null}
      </span>
    </span>
  );
}

const columns: Column<DiffRow>[] = [
  { key: 'entity', header: 'Entity', width: 'w-[30%]', cell: (r) => <EntityLink entity={r.entity} /> },
  { key: 'relation', header: 'Relation', width: 'w-[18%]', className: 'font-mono text-xs wrap-anywhere', cell: (r) => r.relation },
  { key: 'before', header: 'Before', width: 'w-[22%]', cellTestId: 'diff-before', cell: (r) => <Side value={r.from_value} confidence={r.from_confidence} contradicted={r.from_contradicted} /> },
  { key: 'after', header: 'After', width: 'w-[22%]', cellTestId: 'diff-after', cell: (r) => <Side value={r.to_value} confidence={r.to_confidence} contradicted={r.to_contradicted} /> },
  {
    key: 'conflict',
    header: 'Conflict',
    srOnlyHeader: true,
    width: 'w-[8%]',
    align: 'right',
    cell: (r) =>
      r.conflict_id ? (
        <Link href={conflictHref(r.conflict_id)} className={`${linkStyles} text-xs whitespace-nowrap`}>
          Conflict →
        </Link>
      ) : null,
  },
];

/** One kind of change between two snapshots (added, removed, value changed, …) as a table. */
export function SnapshotDiffKind({ kind, title, rows, total }: { kind: string; title: string; rows: DiffRow[]; total: number }) {
  return (
    <section aria-labelledby={`diff-${kind}-title`} className={cardStyles} data-testid={`diff-${kind}`}>
      <h4 id={`diff-${kind}-title`} className="flex items-baseline justify-between border-b border-slate-200 px-4 py-2 text-sm font-medium text-slate-900">
        {title}
        <span className="text-xs font-normal text-slate-500">{rows.length < total ? `first ${rows.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}` : total.toLocaleString('en-US')}</span>
      </h4>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => `${r.entity}\u0000${r.relation}`}
        rowProps={(r) => ({ 'data-testid': 'diff-row', 'data-entity': r.entity })}
        caption={title}
        variant="inset"
        density="compact"
        fixedLayout
        tableClassName="min-w-[48rem]"
      />
    </section>
  );
}
