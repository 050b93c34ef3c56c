import type { SweepResult } from '@/lib/decay/sweep-request';
import { DateTime } from '../ui/DateTime';

/** The counters of a finished sweep (§15.2): what was actually written. */
export function SweepResultNotice({ result }: { result: Partial<SweepResult> }) {
  const written = (result.facts_retracted ?? 0) + (result.facts_reduced ?? 0);
  return (
    <div role="status" data-testid="sweep-result" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
      <p className="font-semibold">{written ? `Sweep applied: ${written.toLocaleString('en-US')} new fact${written === 1 ? '' : 's'} written` : 'Sweep applied: nothing needed writing'}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
        <div>
          <dt className="text-xs text-emerald-800">Evaluated</dt>
          <dd className="font-semibold tabular-nums">{(result.facts_evaluated ?? 0).toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt className="text-xs text-emerald-800">Retracted</dt>
          <dd className="font-semibold tabular-nums" data-testid="sweep-retracted">
            {(result.facts_retracted ?? 0).toLocaleString('en-US')}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-emerald-800">Reduced</dt>
          <dd className="font-semibold tabular-nums" data-testid="sweep-reduced">
            {(result.facts_reduced ?? 0).toLocaleString('en-US')}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-emerald-800">Swept at</dt>
          <dd>
            <DateTime iso={result.swept_at} />
          </dd>
        </div>
      </dl>
      {result.policies_applied?.length ? <p className="mt-2 text-xs wrap-anywhere">Policies in play: {result.policies_applied.join(', ')}</p> : null}
    </div>
  );
}
