import type { MaintenanceStatus } from '@/lib/db/maintenance/maintenance-status';
import { cardStyles } from '../ui/styles';
import { MaintenanceTable } from './MaintenanceTable';
import { RunMaintenanceButton } from './RunMaintenanceButton';

function lastRunLine(status: MaintenanceStatus): string {
  const run = status.scheduler.last_run;
  if (!run) return 'No run yet in this process.';
  const when = run.finished_at.slice(0, 19).replace('T', ' ');
  if (run.outcome === 'skipped') return `Last check ${when} UTC was skipped: ${run.detail}.`;
  if (run.outcome === 'failed') return `Last run ${when} UTC failed: ${run.detail}.`;
  const acted = run.actions.map((a) => `${a.action} ${a.table}`).join(', ');
  return `Last run ${when} UTC took ${run.duration_ms} ms${acted ? `: ${acted}` : ', nothing was due'}.`;
}

/** GET /v1/admin/maintenance as a table: what the node does so that nobody has to VACUUM by hand. */
export function MaintenancePanel({ status }: { status: MaintenanceStatus }) {
  const engine = status.engine === 'pglite' ? 'embedded PGlite (no autovacuum)' : `PostgreSQL, autovacuum ${status.autovacuum}`;
  return (
    <section aria-labelledby="maintenance-title" data-testid="maintenance" className={`${cardStyles} p-5`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h2 id="maintenance-title" className="text-base font-semibold text-slate-900">
            Database maintenance
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            On {engine}, the node itself runs ANALYZE once a table has changed by 50 rows + 10 % and VACUUM past 50 dead rows + 20 % (or 1,000 inserts + 20 %),
            checking after writes and every {status.scheduler.interval_s} s. {status.scheduler.enabled ? '' : 'Automatic maintenance is off (STIGMEM_MAINTENANCE=off).'}
          </p>
          <p className="mt-1 text-xs text-slate-600" data-testid="maintenance-last-run">{lastRunLine(status)}</p>
        </div>
        <RunMaintenanceButton />
      </div>
      <MaintenanceTable tables={status.tables} />
    </section>
  );
}
