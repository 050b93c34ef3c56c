import type { DryRunResult } from '@/lib/decay/sweep-request';

/** What each policy would write in the previewed scope. */
export function PolicyCountsTable({ counts }: { counts: DryRunResult['counts_by_policy'] }) {
  return (
    <div className="relative">
      <h3 className="text-sm font-medium text-slate-900">Per policy</h3>
      <table className="mt-2 min-w-full text-sm" data-testid="policy-counts">
        <caption className="sr-only">Changes per policy</caption>
        <thead className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-3">Policy</th>
            <th scope="col" className="py-2 pr-3 text-right">Retract</th>
            <th scope="col" className="py-2 text-right">Reduce</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {counts.map((c) => (
            <tr key={c.policy_id} data-testid="policy-count-row" data-policy-id={c.policy_id}>
              <td className="max-w-48 py-2 pr-3 font-mono text-xs wrap-anywhere">{c.policy_id}</td>
              <td className="py-2 pr-3 text-right tabular-nums" data-testid="policy-count-retract">{c.would_retract.toLocaleString('en-US')}</td>
              <td className="py-2 text-right tabular-nums" data-testid="policy-count-reduce">{c.would_reduce.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
