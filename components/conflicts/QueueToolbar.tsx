import { buttonStyles } from '../ui/styles';

/** Above the queue: how many rows, how many marked, and the bulk accept button. */
export function QueueToolbar({ shown, marked, onBulkAccept }: { shown: number; marked: number; onBulkAccept: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" data-testid="queue-count">
        {shown} {shown === 1 ? 'conflict' : 'conflicts'} on this page{marked ? <> · <strong className="text-slate-900">{marked} marked</strong></> : null}
      </p>
      <button type="button" onClick={onBulkAccept} disabled={!marked} className={buttonStyles.primary}>
        {marked ? `Accept ${marked} ${marked === 1 ? 'suggestion' : 'suggestions'}…` : 'Accept marked suggestions…'}
      </button>
    </div>
  );
}
