import type { ConflictRecord } from '@/lib/conflicts/conflict-record';
import { cardStyles } from '../ui/styles';
import { QueueRow } from './QueueRow';
import type { QueueAction } from './use-queue-decisions';

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

/** The queue as a table; keyboard handling lives in ConflictQueue, rows only render. */
export function QueueTable({ conflicts, selectedId, marked, saving, decided, canDecide, markableIds, rowRef, onSelect, onToggleMark, onMarkAll, onAction }: QueueTableProps) {
  const tabStopId = selectedId && conflicts.some((c) => c.conflict_id === selectedId) ? selectedId : conflicts[0]?.conflict_id;
  const allMarked = markableIds.length > 0 && markableIds.every((id) => marked.has(id));
  return (
    <div className={`${cardStyles} relative overflow-x-auto`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="conflict-table">
        <caption className="sr-only">Conflicts, review queue. Use j and k to move, Enter to open.</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-10 py-3 pr-2 pl-3">
              <input
                type="checkbox"
                checked={allMarked}
                disabled={!markableIds.length}
                onChange={(e) => onMarkAll(e.target.checked)}
                aria-label="Mark every conflict with a suggestion on this page"
                className="h-4 w-4 accent-indigo-600"
              />
            </th>
            <th scope="col" className="px-3 py-3">Conflict</th>
            <th scope="col" className="px-3 py-3">Value A</th>
            <th scope="col" className="px-3 py-3">Value B</th>
            <th scope="col" className="px-3 py-3">Detected</th>
            <th scope="col" className="px-3 py-3">Suggestion</th>
            <th scope="col" className="px-3 py-3 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {conflicts.map((conflict) => {
            const id = conflict.conflict_id;
            return (
              <QueueRow
                key={id}
                conflict={conflict}
                selected={id === selectedId}
                tabStop={id === tabStopId}
                marked={marked.has(id)}
                canDecide={canDecide(conflict)}
                state={saving.has(id) ? 'saving' : decided.has(id) ? 'decided' : 'idle'}
                rowRef={rowRef(id)}
                onSelect={() => onSelect(id)}
                onToggleMark={() => onToggleMark(id)}
                onAction={(action) => onAction(conflict, action)}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
