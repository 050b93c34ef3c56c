import { type ReviewDayPoint, shortDay } from '@/lib/review-ui/prepare-review-history';

const cell = 'px-3 py-2 text-right tabular-nums';

/** The numbers behind the charts, newest day first, with resolutions by basis. */
export function ReviewHistoryTable({ points }: { points: ReviewDayPoint[] }) {
  return (
    <details className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary className="cursor-pointer rounded-xl px-4 py-3 text-sm font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600">Numbers per day</summary>
      <div className="relative overflow-x-auto border-t border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="review-history-table">
          <caption className="sr-only">Review history per UTC day, newest first</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">Day (UTC)</th>
              <th scope="col" className="px-3 py-2 text-right">Detected</th>
              <th scope="col" className="px-3 py-2 text-right">Resolved</th>
              <th scope="col" className="px-3 py-2 text-right normal-case">by person · evidence · confidence · retraction</th>
              <th scope="col" className="px-3 py-2 text-right">Dismissed</th>
              <th scope="col" className="px-3 py-2 text-right">Pending</th>
              <th scope="col" className="px-3 py-2 text-right">Mean age (d)</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {[...points].reverse().map((p) => (
              <tr key={p.day}>
                <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap text-slate-700">
                  <time dateTime={p.day}>{shortDay(p.day)}</time>
                </th>
                <td className={cell}>{p.detected}</td>
                <td className={cell}>{p.resolved}</td>
                <td className={`${cell} text-slate-500`}>
                  {p.resolvedByBasis.manual} · {p.resolvedByBasis.evidence} · {p.resolvedByBasis.confidence} · {p.resolvedByBasis.retracted}
                </td>
                <td className={cell}>{p.dismissed}</td>
                <td className={cell}>{p.pending ?? '—'}</td>
                <td className={cell}>{p.meanAgeDays ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
