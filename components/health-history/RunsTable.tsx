import Link from 'next/link';
import type { SeriesPoint } from '@/lib/health-history/summary';
import { DateTime } from '../ui/DateTime';
import { cardStyles, linkStyles } from '../ui/styles';

/** The latest runs as a table (the keyboard way to open a run), newest first. */
export function RunsTable({ scope, range, series, selected }: { scope: string; range: string; series: SeriesPoint[]; selected: string | null }) {
  const rows = series.slice(-15).reverse();
  return (
    <div className={`${cardStyles} mt-6 overflow-x-auto`}>
      <table className="min-w-full text-sm" data-testid="runs-table">
        <caption className="px-4 pt-3 text-left text-sm font-medium text-slate-900">Latest runs</caption>
        <thead className="text-left text-xs text-slate-500">
          <tr>
            <th className="px-4 py-2 font-medium">Started</th>
            <th className="px-4 py-2 font-medium">Score</th>
            <th className="px-4 py-2 font-medium">Findings</th>
            <th className="px-4 py-2 font-medium">New / fixed</th>
            <th className="px-4 py-2 font-medium">Duration</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((p) => (
            <tr key={p.run_id} aria-current={p.run_id === selected ? 'true' : undefined} className={p.run_id === selected ? 'bg-indigo-50' : undefined}>
              <td className="px-4 py-2">
                <Link href={`/health-history/${scope}?range=${range}&run=${p.run_id}#run`} scroll={false} className={linkStyles}>
                  <DateTime iso={p.at} />
                </Link>
              </td>
              <td className="px-4 py-2 tabular-nums">{p.status === 'ok' ? p.score : <span className="font-medium text-rose-700">failed</span>}</td>
              <td className="px-4 py-2 tabular-nums">{p.status === 'ok' ? p.totals.error + p.totals.warning + p.totals.info : '—'}</td>
              <td className="px-4 py-2 tabular-nums">{p.status === 'ok' ? `+${p.new_count} / −${p.fixed_count}` : '—'}</td>
              <td className="px-4 py-2 tabular-nums">{p.duration_ms === null ? '—' : `${(p.duration_ms / 1000).toFixed(1)} s`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
