import { Link } from '@/components/ui/Link';
import type { AlertRecord } from '@/lib/alerts/alert-record';
import { DateTime } from '../ui/DateTime';
import { cardStyles, linkStyles } from '../ui/styles';
import { AcknowledgeForm } from './AcknowledgeForm';

const TONES: Record<string, string> = {
  open: 'bg-rose-50 text-rose-800 ring-rose-600/30',
  acknowledged: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  resolved: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
};

/** One alert: what holds, since when, who took it on, its history, and links to the run and the scope. */
export function AlertCard({ alert, canAcknowledge }: { alert: AlertRecord; canAcknowledge: boolean }) {
  const runId = alert.last_run_id ?? alert.opened_run_id;
  return (
    <li data-testid="alert-card" data-alert-id={alert.id} className={`${cardStyles} p-4`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-sm font-semibold text-slate-900">
            {alert.rule.name} <span className="font-normal text-slate-500">in {alert.scope}</span>
          </h2>
          <p className="mt-0.5 text-sm text-slate-700 wrap-anywhere">{alert.message}</p>
        </div>
        <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[alert.status]}`} data-testid="alert-status">
          {alert.status}
        </span>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Opened <DateTime iso={alert.opened_at} /> · last checked <DateTime iso={alert.updated_at} />
        {alert.resolved_at ? (
          <>
            {' '}
            · resolved <DateTime iso={alert.resolved_at} />
          </>
        ) : null}
        {alert.acknowledged_by ? ` · acknowledged by ${alert.acknowledged_by}${alert.ack_note ? `: “${alert.ack_note}”` : ''}` : ''}
      </p>
      <div className="mt-2 flex flex-wrap gap-4 text-sm">
        {runId ? (
          <Link href={`/health-history/${alert.scope}?run=${runId}#run`} className={linkStyles}>
            Open the run
          </Link>
        ) : null}
        <Link href={`/scopes/${alert.scope}`} className={linkStyles}>
          Open scope {alert.scope}
        </Link>
      </div>
      {alert.events?.length ? (
        <details className="mt-2 text-xs text-slate-600">
          <summary className="cursor-pointer select-none">History ({alert.events.length})</summary>
          <ol className="mt-1 space-y-1 border-l border-slate-200 pl-3">
            {alert.events.map((e, i) => (
              <li key={i}>
                <span className="font-medium text-slate-800">{e.kind}</span> <DateTime iso={e.at} />
                {e.actor ? ` by ${e.actor}` : ''} — <span className="wrap-anywhere">{e.message}</span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {canAcknowledge && alert.status === 'open' ? <AcknowledgeForm alertId={alert.id} /> : null}
    </li>
  );
}
