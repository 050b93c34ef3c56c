import type { MaintenanceStatus, TableMaintenance } from '@/lib/db/maintenance/maintenance-status';
import { DateTime } from '../ui/DateTime';
import { cardStyles } from '../ui/styles';
import { RunMaintenanceButton } from './RunMaintenanceButton';

const count = (n: number) => Math.round(n).toLocaleString('en-US');

function bytes(n: number): string {
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024))} kB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** The newer of our own run and autovacuum's, so a PostgreSQL with autovacuum on reads right too. */
function latest(own: string | null, auto: string | null): string | null {
  if (!own) return auto;
  if (!auto) return own;
  return own > auto ? own : auto;
}

function State({ table }: { table: TableMaintenance }) {
  if (!table.analyze_due && !table.vacuum_due) return <span className="text-emerald-700">up to date</span>;
  const due = [table.analyze_due ? 'ANALYZE' : null, table.vacuum_due ? 'VACUUM' : null].filter(Boolean).join(' + ');
  return (
    <span className="text-amber-800" title={table.reasons.join('; ')}>
      {due} due
    </span>
  );
}

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
      <div className="mt-4 overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="maintenance-table">
          <caption className="sr-only">Maintenance state of each table</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">Table</th>
              <th scope="col" className="px-3 py-2 text-right">Rows</th>
              <th scope="col" className="px-3 py-2 text-right">Dead rows</th>
              <th scope="col" className="px-3 py-2 text-right">Changed since ANALYZE</th>
              <th scope="col" className="px-3 py-2 text-right">Size</th>
              <th scope="col" className="px-3 py-2">Last ANALYZE</th>
              <th scope="col" className="px-3 py-2">Last VACUUM</th>
              <th scope="col" className="px-3 py-2">State</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 tabular-nums">
            {status.tables.map((table) => (
              <tr key={table.table} data-testid="maintenance-row" data-table={table.table}>
                <td className="px-3 py-2 font-mono text-xs">{table.table}</td>
                <td className="px-3 py-2 text-right">{count(table.rows)}</td>
                <td className="px-3 py-2 text-right">{count(table.dead_rows)}</td>
                <td className="px-3 py-2 text-right">{count(table.changes_since_analyze)}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap">{bytes(table.size_bytes)}</td>
                <td className="px-3 py-2 text-xs text-slate-600"><DateTime iso={latest(table.last_analyze, table.last_autoanalyze)} fallback="never" /></td>
                <td className="px-3 py-2 text-xs text-slate-600"><DateTime iso={latest(table.last_vacuum, table.last_autovacuum)} fallback="never" /></td>
                <td className="px-3 py-2 text-xs whitespace-nowrap"><State table={table} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
