import { buttonStyles } from '../ui/styles';

/** Above the queue: how many contradictions in all and on this page, how many marked, and the bulk accept button. */
export function QueueToolbar({ shown, total, marked, onBulkAccept }: { shown: number; total: number; marked: number; onBulkAccept: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" data-testid="queue-count">
        {total.toLocaleString('en')} {total === 1 ? 'contradicted triple' : 'contradicted triples'}
        {total > shown ? <>, {shown} on this page</> : null}
        {marked ? <> · <strong className="text-slate-900">{marked} marked</strong></> : null}
      </p>
      <button type="button" onClick={onBulkAccept} disabled={!marked} className={buttonStyles.primary}>
        {marked ? `Accept ${marked} ${marked === 1 ? 'suggestion' : 'suggestions'}…` : 'Accept marked suggestions…'}
      </button>
    </div>
  );
}
