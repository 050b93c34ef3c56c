'use client';

import { useRouter } from 'next/navigation';
import { errorDetail } from '@/lib/client/api-client';
import { useRunMaintenanceMutation } from '@/lib/node/hooks/use-run-maintenance-mutation';
import { Notice } from '../ui/Notice';
import { buttonStyles } from '../ui/styles';

/** Runs maintenance on every table now, then reloads the table with the new counters. */
export function RunMaintenanceButton() {
  const router = useRouter();
  const run = useRunMaintenanceMutation();
  const report = run.data;
  return (
    <div className="flex flex-col items-end gap-2">
      <button type="button" className={buttonStyles.secondary} disabled={run.isPending} onClick={() => run.mutate(true, { onSuccess: () => router.refresh() })}>
        {run.isPending ? 'Analyzing and vacuuming…' : 'Run on every table now'}
      </button>
      {run.isError ? <Notice tone="error">{errorDetail(run.error)}</Notice> : null}
      {report ? (
        <p role="status" className="text-xs text-slate-600" data-testid="maintenance-run-result">
          {report.outcome === 'done'
            ? `Done in ${(report.duration_ms / 1000).toFixed(1)} s: ${report.actions.length} tables.`
            : `${report.outcome}: ${report.detail ?? ''}`}
        </p>
      ) : null}
    </div>
  );
}
