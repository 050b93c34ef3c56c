import type { ConflictRecord } from '@/lib/conflicts/conflict-record';
import type { QueueAction } from '@/lib/conflicts/hooks/use-queue-decisions';
import { suggestedSide } from '@/lib/conflicts/view/conflict-view';
import { type Column, DataTable } from '../ui/DataTable';
import { QueueRowActions } from './QueueRowActions';
import { QueueStateCell } from './QueueStateCell';
import { QueueSuggestionCell } from './QueueSuggestionCell';
import { QueueValueCell } from './QueueValueCell';
import { EntityLink } from '../entities/EntityLink';

type RowState = 'idle' | 'saving' | 'decided';

export interface QueueTableProps {
  conflicts: ConflictRecord[];
  selectedId: string | null;
  marked: ReadonlySet<string>;
  saving: ReadonlySet<string>;
  decided: ReadonlySet<string>;
  canDecide: (conflict: ConflictRecord) => boolean;
  markableIds: string[];
  rowRef: (id: string) => (el: HTMLTableRowElement | null) => void;
  onSelect: (id: string) => void;
  onToggleMark: (id: string) => void;
  onMarkAll: (on: boolean) => void;
  onAction: (conflict: ConflictRecord, action: QueueAction) => void;
}

/**
 * The queue as a table; keyboard handling lives in ConflictQueue. The selected row (aria-current,
 * a bar on its left) is the table's Tab stop, or the first row when none is selected.
 */
export function QueueTable({ conflicts, selectedId, marked, saving, decided, canDecide, markableIds, rowRef, onSelect, onToggleMark, onMarkAll, onAction }: QueueTableProps) {
  const tabStopId = selectedId && conflicts.some((c) => c.conflict_id === selectedId) ? selectedId : conflicts[0]?.conflict_id;
  const allMarked = markableIds.length > 0 && markableIds.every((id) => marked.has(id));
  const stateOf = (c: ConflictRecord): RowState => (saving.has(c.conflict_id) ? 'saving' : decided.has(c.conflict_id) ? 'decided' : 'idle');

  const columns: Column<ConflictRecord>[] = [
    {
      key: 'mark',
      header: (
        <input
          type="checkbox"
          checked={allMarked}
          disabled={!markableIds.length}
          onChange={(e) => onMarkAll(e.target.checked)}
          aria-label="Mark every conflict with a suggestion on this page"
          className="h-4 w-4 accent-indigo-600"
        />
      ),
      headerClassName: 'w-10',
      className: 'w-10',
      cell: (c) =>
        suggestedSide(c) && canDecide(c) && c.status === 'unresolved' && stateOf(c) === 'idle' ? (
          <input
            type="checkbox"
            checked={marked.has(c.conflict_id)}
            onChange={() => onToggleMark(c.conflict_id)}
            aria-label={`Mark ${c.entity} ${c.relation} for bulk accept`}
            className="mt-1 h-4 w-4 accent-indigo-600"
          />
        ) : null,
    },
    {
      key: 'conflict',
      header: 'Conflict',
      className: 'max-w-60 min-w-40',
      cell: (c) => (
        <>
          <EntityLink entity={c.entity} />
          <div className="mt-0.5 font-mono text-xs wrap-anywhere text-slate-700">{c.relation}</div>
          <div className="mt-1 text-xs text-slate-500 capitalize">{c.scope}</div>
        </>
      ),
    },
    { key: 'a', header: 'Value A', className: 'max-w-64 min-w-36', cellTestId: 'queue-value-a', cell: (c) => <QueueValueCell fact={c.fact_a} suggested={suggestedSide(c) === 'A'} /> },
    { key: 'b', header: 'Value B', className: 'max-w-64 min-w-36', cellTestId: 'queue-value-b', cell: (c) => <QueueValueCell fact={c.fact_b} suggested={suggestedSide(c) === 'B'} /> },
    { key: 'detected', header: 'Detected', cell: (c) => <QueueStateCell conflict={c} /> },
    { key: 'suggestion', header: 'Suggestion', className: 'max-w-52 min-w-32', cell: (c) => <QueueSuggestionCell conflict={c} /> },
  ];

  return (
    <DataTable
      columns={columns}
      rows={conflicts}
      rowKey={(c) => c.conflict_id}
      caption="Conflicts, review queue. Use j and k to move, Enter to open."
      testId="conflict-table"
      density="compact"
      rowProps={(c) => ({
        'data-testid': 'conflict-row',
        'data-queue-row': '',
        'data-conflict-id': c.conflict_id,
        'data-entity': c.entity,
        className: stateOf(c) === 'saving' ? 'opacity-60' : undefined,
      })}
      isSelected={(c) => c.conflict_id === selectedId}
      rowFocus={{ tabStopKey: tabStopId, rowRef, onFocusRow: onSelect }}
      rowActions={(c) => <QueueRowActions conflict={c} canDecide={canDecide(c)} state={stateOf(c)} onAction={(action) => onAction(c, action)} />}
      rowActionsClassName="w-44"
    />
  );
}
