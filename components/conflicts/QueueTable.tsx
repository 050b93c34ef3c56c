import type { ContradictionRecord } from '@/lib/conflicts/contradiction-record';
import type { QueueAction } from '@/lib/conflicts/hooks/use-queue-decisions';
import { suggestedIndex } from '@/lib/conflicts/view/conflict-view';
import { type Column, DataTable, type TableSort } from '../ui/DataTable';
import { QueueRowActions } from './QueueRowActions';
import { QueueStateCell } from './QueueStateCell';
import { QueueSuggestionCell } from './QueueSuggestionCell';
import { QueueValueCell } from './QueueValueCell';
import { EntityLink } from '../entities/EntityLink';

type RowState = 'idle' | 'saving' | 'decided';

export interface QueueTableProps {
  contradictions: ContradictionRecord[];
  selectedId: string | null;
  marked: ReadonlySet<string>;
  saving: ReadonlySet<string>;
  decided: ReadonlySet<string>;
  canDecide: (contradiction: ContradictionRecord) => boolean;
  markableIds: string[];
  rowRef: (id: string) => (el: HTMLTableRowElement | null) => void;
  onSelect: (id: string) => void;
  onToggleMark: (id: string) => void;
  onMarkAll: (on: boolean) => void;
  onAction: (contradiction: ContradictionRecord, action: QueueAction) => void;
  /** The server's order; the headers are links to the other orders (kept in the URL). */
  sort: TableSort;
  /** This view of the queue (filters, order, page): a row's "Open →" carries it, so the conflict page leads back here. */
  from: string;
}

/**
 * The queue as a table; keyboard handling lives in ConflictQueue. The selected row (aria-current,
 * a bar on its left) is the table's Tab stop, or the first row when none is selected.
 */
export function QueueTable({ contradictions, selectedId, marked, saving, decided, canDecide, markableIds, rowRef, onSelect, onToggleMark, onMarkAll, onAction, sort, from }: QueueTableProps) {
  const tabStopId = selectedId && contradictions.some((c) => c.contradiction_id === selectedId) ? selectedId : contradictions[0]?.contradiction_id;
  const allMarked = markableIds.length > 0 && markableIds.every((id) => marked.has(id));
  const stateOf = (c: ContradictionRecord): RowState => (saving.has(c.contradiction_id) ? 'saving' : decided.has(c.contradiction_id) ? 'decided' : 'idle');

  const columns: Column<ContradictionRecord>[] = [
    {
      key: 'mark',
      header: (
        <input
          type="checkbox"
          checked={allMarked}
          disabled={!markableIds.length}
          onChange={(e) => onMarkAll(e.target.checked)}
          aria-label="Mark every contradiction with a suggestion on this page"
          className="h-4 w-4 accent-indigo-600"
        />
      ),
      headerClassName: 'w-10',
      className: 'w-10',
      cell: (c) =>
        suggestedIndex(c) !== null && canDecide(c) && c.status === 'unresolved' && stateOf(c) === 'idle' ? (
          <input
            type="checkbox"
            checked={marked.has(c.contradiction_id)}
            onChange={() => onToggleMark(c.contradiction_id)}
            aria-label={`Mark ${c.entity} ${c.relation} in ${c.scope} for bulk accept`}
            className="mt-1 h-4 w-4 accent-indigo-600"
          />
        ) : null,
    },
    {
      key: 'triple',
      header: 'Triple',
      sortKey: 'triple',
      className: 'max-w-60 min-w-40',
      cell: (c) => (
        <>
          <EntityLink entity={c.entity} />
          <div className="mt-0.5 font-mono text-xs wrap-anywhere text-slate-700">{c.relation}</div>
          <div className="mt-1 text-xs text-slate-500">
            <span className="capitalize">{c.scope}</span> · {c.value_count} live values
          </div>
        </>
      ),
    },
    { key: 'values', header: 'Values', sortKey: 'values', className: 'min-w-56', cellTestId: 'queue-values', cell: (c) => <QueueValueCell contradiction={c} suggested={suggestedIndex(c)} /> },
    { key: 'opened', header: 'Opened', sortKey: 'detection', cell: (c) => <QueueStateCell contradiction={c} /> },
    { key: 'suggestion', header: 'Suggestion', className: 'max-w-52 min-w-32', cell: (c) => <QueueSuggestionCell contradiction={c} /> },
  ];

  return (
    <DataTable
      columns={columns}
      rows={contradictions}
      rowKey={(c) => c.contradiction_id}
      caption="Contradictions, review queue: one row per contradicted triple. Use j and k to move, Enter to open."
      testId="conflict-table"
      sort={sort}
      density="compact"
      rowProps={(c) => ({
        'data-testid': 'conflict-row',
        'data-queue-row': '',
        'data-contradiction-id': c.contradiction_id,
        'data-conflict-id': c.conflict_id ?? '',
        'data-entity': c.entity,
        className: stateOf(c) === 'saving' ? 'opacity-60' : undefined,
      })}
      isSelected={(c) => c.contradiction_id === selectedId}
      rowFocus={{ tabStopKey: tabStopId, rowRef, onFocusRow: onSelect }}
      rowActions={(c) => <QueueRowActions contradiction={c} canDecide={canDecide(c)} state={stateOf(c)} from={from} onAction={(action) => onAction(c, action)} />}
      rowActionsClassName="w-44"
    />
  );
}
