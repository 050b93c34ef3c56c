import type { ConflictRecord } from '@/lib/conflicts/conflict-record';
import { BASIS_TEXT, conflictStatusWord } from '@/lib/conflicts/view/conflict-view';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { type Column, DataTable } from '../ui/DataTable';
import { DateTime } from '../ui/DateTime';
import { StatusBadge } from '../ui/StatusBadge';
import { ValueText } from '../ui/ValueText';

const value = (fact: ConflictRecord['fact_a']) => (fact ? <ValueText text={factValueText(fact.value)} /> : <span className="text-slate-500">?</span>);

const columns: Column<ConflictRecord>[] = [
  { key: 'joined', header: 'Value that joined', className: 'max-w-64', cell: (c) => value(c.fact_b) },
  { key: 'against', header: 'Against', className: 'max-w-64', cell: (c) => value(c.fact_a) },
  { key: 'detected', header: 'Detected', cell: (c) => <DateTime iso={c.detected_at} /> },
  {
    key: 'status',
    header: 'Status',
    cell: (c) => (
      <span title={c.resolution_basis ? BASIS_TEXT[c.resolution_basis] : undefined}>
        <StatusBadge status={conflictStatusWord(c)} />
      </span>
    ),
  },
  { key: 'id', header: 'Conflict id', className: 'font-mono text-xs wrap-anywhere', cell: (c) => c.conflict_id },
];

/** The conflicts that record how each value joined the contradiction (the wire's pairs). */
export function ContradictionConflicts({ conflicts, total }: { conflicts: ConflictRecord[]; total: number }) {
  return (
    <section aria-labelledby="contradiction-conflicts-title" data-testid="contradiction-conflicts">
      <h2 id="contradiction-conflicts-title" className="mb-1 text-base font-semibold text-slate-900">
        Conflicts recorded
      </h2>
      <p className="mb-2 max-w-3xl text-sm text-slate-600">
        Each value that became live while another was live joined this contradiction once, against the value it anchors on: a triple with N values holds at most
        N − 1 unresolved conflicts, and one decision closes them all.{total > conflicts.length ? ` The newest ${conflicts.length} of ${total} are listed.` : ''}
      </p>
      <DataTable columns={columns} rows={conflicts} rowKey={(c) => c.conflict_id} caption="Conflicts of this contradiction" density="compact" testId="contradiction-conflicts-table" />
    </section>
  );
}
