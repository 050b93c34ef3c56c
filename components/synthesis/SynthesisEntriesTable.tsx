import type { SynthesisEntry } from '@/lib/synthesis/synthesis-request';
import { Identifier } from '@/components/ui/Identifier';
import { EntityLink } from '../entities/EntityLink';
import { type Column, DataTable } from '../ui/DataTable';
import { ValueText } from '../ui/ValueText';
import { ConfidenceBar } from './ConfidenceBar';
import { ContradictionBadge } from './ContradictionBadge';

const columns: Column<SynthesisEntry>[] = [
  { key: 'entity', header: 'Entity', className: 'max-w-56 min-w-48', cell: (e) => <EntityLink entity={e.entity} /> },
  { key: 'relation', header: 'Relation', className: 'max-w-44 min-w-36 font-mono text-xs wrap-break-word', cell: (e) => <Identifier text={e.relation} /> },
  { key: 'value', header: 'Value', className: 'max-w-80 min-w-40', cellTestId: 'synthesis-value', cell: (e) => <ValueText value={e.value} showType /> },
  { key: 'confidence', header: 'Confidence', cell: (e) => <ConfidenceBar confidence={e.confidence} /> },
  {
    key: 'contradiction',
    header: 'Contradiction',
    className: 'min-w-40',
    cell: (e) => (e.contradicted ? <ContradictionBadge conflictId={e.conflict_id} altValue={e.alt_value} altConfidence={e.alt_confidence} /> : <span className="text-xs text-slate-400">—</span>),
  },
];

/** One page of synthesis entries: the winning value per triple, contradicted rows flagged. */
export function SynthesisEntriesTable({ entries }: { entries: SynthesisEntry[] }) {
  return (
    <DataTable
      columns={columns}
      rows={entries}
      rowKey={(e) => `${e.entity}\u0000${e.relation}`}
      rowProps={(e) => ({ 'data-testid': 'synthesis-row', 'data-entity': e.entity, 'data-relation': e.relation, className: e.contradicted ? 'bg-orange-50/40' : undefined })}
      caption="Synthesis entries"
      testId="synthesis-table"
      stickyHeader
      stackOnPhone
    />
  );
}
