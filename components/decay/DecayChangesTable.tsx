import type { SweepChange } from '@/lib/decay/sweep-request';
import { Identifier } from '@/components/ui/Identifier';
import { formatDuration } from '@/lib/decay/view/format-duration';
import { formatConfidence } from '@/lib/facts/view/fact-value-text';
import { type Column, DataTable } from '../ui/DataTable';
import { ValueText } from '../ui/ValueText';
import { EntityLink } from '../entities/EntityLink';

function ActionBadge({ action }: { action: SweepChange['action'] }) {
  return action === 'retract' ? (
    <span className="rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-800 ring-1 ring-rose-600/30 ring-inset">retract</span>
  ) : (
    <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800 ring-1 ring-sky-600/30 ring-inset">reduce</span>
  );
}

const columns: Column<SweepChange>[] = [
  {
    key: 'entity',
    header: 'Entity',
    className: 'max-w-56 min-w-48',
    cell: (c) => (
      <EntityLink entity={c.entity} />
    ),
  },
  { key: 'relation', header: 'Relation', className: 'max-w-44 min-w-36 font-mono text-xs wrap-break-word', cell: (c) => <Identifier text={c.relation} /> },
  { key: 'value', header: 'Value', className: 'max-w-64 min-w-40', cell: (c) => <ValueText value={c.value} showType /> },
  { key: 'action', header: 'Action', cell: (c) => <ActionBadge action={c.action} /> },
  {
    key: 'confidence',
    header: 'Confidence',
    headerClassName: 'whitespace-nowrap',
    className: 'whitespace-nowrap tabular-nums',
    cell: (c) => (
      <>
        {formatConfidence(c.confidence_before)} <span aria-hidden="true">→</span>
        <span className="sr-only">to</span> <strong className="font-semibold">{formatConfidence(c.confidence_after)}</strong>
      </>
    ),
  },
  { key: 'age', header: 'Age', className: 'whitespace-nowrap tabular-nums text-slate-600', cell: (c) => formatDuration(c.age_s) },
  { key: 'policy', header: 'Policy', className: 'max-w-40 min-w-32 font-mono text-xs wrap-break-word text-slate-600', cell: (c) => <Identifier text={c.policy_id} /> },
];

/** One page of the facts a sweep would write, each linked to its entity's history. */
export function DecayChangesTable({ changes }: { changes: SweepChange[] }) {
  return (
    <DataTable
      columns={columns}
      rows={changes}
      rowKey={(c) => c.fact_id}
      rowProps={(c) => ({ 'data-testid': 'decay-change-row', 'data-fact-id': c.fact_id })}
      caption="Changes the sweep would write"
      testId="decay-changes"
      variant="inset"
      stickyHeader
    />
  );
}
