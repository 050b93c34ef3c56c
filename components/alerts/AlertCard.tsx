import { Link } from '@/components/ui/Link';
import type { AlertGroupRecord } from '@/lib/alerts/alert-groups';
import { DateTime } from '../ui/DateTime';
import { cardStyles, linkStyles } from '../ui/styles';
import { AcknowledgeForm } from './AcknowledgeForm';
import { LevelBadge } from './LevelBadge';
import { MuteControl } from './MuteControl';

const TONES: Record<string, string> = {
  open: 'bg-rose-50 text-rose-800 ring-rose-600/30',
  muted: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  acknowledged: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  resolved: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
};

interface Props {
  group: AlertGroupRecord;
  /** The caller has `write` on the group's scope: acknowledge, mute, select. */
  canAct: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}

/**
 * The alerts of one rule on one scope: the latest one (what holds, since when, who took it on, its
 * history), how often the rule fired there, and the group's actions: acknowledge, mute, select.
 */
export function AlertCard({ group, canAct, selected, onSelect }: Props) {
  const alert = group.latest;
  const status = alert.status === 'open' && alert.muted_until ? 'muted' : alert.status;
  const runId = alert.last_run_id ?? alert.opened_run_id;
  const openCount = group.open_alert_ids.length;
  const titleId = `alert-${alert.id}-title`;
  return (
    <li data-testid="alert-card" data-alert-id={alert.id} data-group={group.key} className={`${cardStyles} p-4`} aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-3">
          {canAct && openCount ? (
            <input type="checkbox" checked={selected} onChange={(e) => onSelect(e.target.checked)} className="mt-1 h-4 w-4 rounded border-slate-300 text-indigo-600" aria-label={`Select ${alert.rule.name} in ${group.scope}`} data-testid="alert-select" />
          ) : null}
          <div className="min-w-0">
            <h2 id={titleId} className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
              <LevelBadge level={group.level} />
              <span>
                {alert.rule.name} <span className="font-normal text-slate-600">in {group.scope}</span>
              </span>
            </h2>
            <p className="mt-1 text-sm text-slate-700 wrap-anywhere">{alert.message}</p>
          </div>
        </div>
        <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[status]}`} data-testid="alert-status">
          {status}
        </span>
      </div>
      <p className="mt-2 text-xs text-slate-600" data-testid="alert-group-fired">
        Fired {group.count === 1 ? 'once' : `${group.count} times`}
        {group.count > 1 ? (
          <>
            {' '}
            · first <DateTime iso={group.first_opened_at} />
          </>
        ) : null}{' '}
        · last opened <DateTime iso={group.last_opened_at} /> · last checked <DateTime iso={alert.updated_at} />
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
          <Link href={`/health-history/${group.scope}?run=${runId}#run`} className={linkStyles}>
            Open the run
          </Link>
        ) : null}
        <Link href={`/scopes/${group.scope}`} className={linkStyles}>
          Open scope {group.scope}
        </Link>
      </div>
      {alert.events?.length ? (
        <details className="mt-2 text-xs text-slate-600">
          <summary className="cursor-pointer select-none">History of the latest ({alert.events.length})</summary>
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
      {canAct && status !== 'resolved' ? (
        <div className="mt-3 space-y-2">
          {openCount ? <AcknowledgeForm ruleId={alert.rule.id} ruleName={alert.rule.name} scope={group.scope} count={openCount} /> : null}
          <MuteControl ruleId={alert.rule.id} ruleName={alert.rule.name} scope={group.scope} mutedUntil={group.muted_until} />
        </div>
      ) : null}
    </li>
  );
}
