import Link from 'next/link';
import type { Ref } from 'react';
import type { ConflictRecord } from '@/lib/conflicts/conflict-record';
import { suggestedSide } from '@/lib/review-ui/conflict-view';
import { linkStyles } from '../ui/styles';
import { entityHref } from './conflict-href';
import { QueueRowActions } from './QueueRowActions';
import { QueueStateCell } from './QueueStateCell';
import { QueueSuggestionCell } from './QueueSuggestionCell';
import { QueueValueCell } from './QueueValueCell';
import type { QueueAction } from './use-queue-decisions';

export interface QueueRowProps {
  conflict: ConflictRecord;
  selected: boolean;
  /** Roving tabindex: the selected row (or the first one) is the table's Tab stop. */
  tabStop: boolean;
  marked: boolean;
  canDecide: boolean;
  state: 'idle' | 'saving' | 'decided';
  rowRef: Ref<HTMLTableRowElement>;
  onSelect: () => void;
  onToggleMark: () => void;
  onAction: (action: QueueAction) => void;
}

/** One conflict of the queue. The selected row is marked with aria-current and a bar on its left. */
export function QueueRow({ conflict, selected, tabStop, marked, canDecide, state, rowRef, onSelect, onToggleMark, onAction }: QueueRowProps) {
  const side = suggestedSide(conflict);
  const markable = !!side && canDecide && conflict.status === 'unresolved' && state === 'idle';
  return (
    <tr
      ref={rowRef}
      tabIndex={tabStop ? 0 : -1}
      data-testid="conflict-row"
      data-queue-row=""
      data-conflict-id={conflict.conflict_id}
      data-entity={conflict.entity}
      aria-current={selected ? 'true' : undefined}
      onFocus={onSelect}
      onClick={onSelect}
      className={`align-top transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 ${
        selected ? 'bg-indigo-50/70' : 'hover:bg-slate-50/80'
      } ${state === 'saving' ? 'opacity-60' : ''}`}
    >
      <td className={`w-10 py-3 pr-2 pl-3 ${selected ? 'shadow-[inset_4px_0_0_0_var(--color-indigo-600)]' : ''}`}>
        {markable ? (
          <input
            type="checkbox"
            checked={marked}
            onChange={onToggleMark}
            aria-label={`Mark ${conflict.entity} ${conflict.relation} for bulk accept`}
            className="mt-1 h-4 w-4 accent-indigo-600"
          />
        ) : null}
      </td>
      <td className="max-w-60 min-w-40 px-3 py-3">
        <Link href={entityHref(conflict.entity)} className={`${linkStyles} font-mono text-xs wrap-anywhere`}>
          {conflict.entity}
        </Link>
        <div className="mt-0.5 font-mono text-xs wrap-anywhere text-slate-700">{conflict.relation}</div>
        <div className="mt-1 text-xs text-slate-500 capitalize">{conflict.scope}</div>
      </td>
      <td className="max-w-64 min-w-36 px-3 py-3" data-testid="queue-value-a">
        <QueueValueCell fact={conflict.fact_a} suggested={side === 'A'} />
      </td>
      <td className="max-w-64 min-w-36 px-3 py-3" data-testid="queue-value-b">
        <QueueValueCell fact={conflict.fact_b} suggested={side === 'B'} />
      </td>
      <td className="px-3 py-3">
        <QueueStateCell conflict={conflict} />
      </td>
      <td className="max-w-52 min-w-32 px-3 py-3">
        <QueueSuggestionCell conflict={conflict} />
      </td>
      <td className="w-44 px-3 py-3 text-right">
        <QueueRowActions conflict={conflict} canDecide={canDecide} state={state} onAction={onAction} />
      </td>
    </tr>
  );
}
