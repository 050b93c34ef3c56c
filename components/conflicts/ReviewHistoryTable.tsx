import { type ReviewDayPoint, shortDay } from '@/lib/conflicts/view/prepare-review-history';
import { type Column, DataTable } from '../ui/DataTable';

const count = (header: string, value: (p: ReviewDayPoint) => number | null): Column<ReviewDayPoint> => ({
  key: header,
  header,
  align: 'right',
  className: 'tabular-nums',
  cell: (p) => value(p) ?? '—',
});

const columns: Column<ReviewDayPoint>[] = [
  {
    key: 'day',
    header: 'Day (UTC)',
    rowHeader: true,
    className: 'whitespace-nowrap text-slate-700',
    cell: (p) => <time dateTime={p.day}>{shortDay(p.day)}</time>,
  },
  count('Detected', (p) => p.detected),
  count('Resolved', (p) => p.resolved),
  {
    key: 'basis',
    header: 'by person · evidence · confidence · retraction',
    align: 'right',
    headerClassName: 'normal-case',
    className: 'tabular-nums text-slate-500',
    cell: (p) => `${p.resolvedByBasis.manual} · ${p.resolvedByBasis.evidence} · ${p.resolvedByBasis.confidence} · ${p.resolvedByBasis.retracted}`,
  },
  count('Dismissed', (p) => p.dismissed),
  count('Pending', (p) => p.pending),
  count('Mean age (d)', (p) => p.meanAgeDays),
];

/** The numbers behind the charts, newest day first, with resolutions by basis. */
export function ReviewHistoryTable({ points }: { points: ReviewDayPoint[] }) {
  return (
    <details className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary className="cursor-pointer rounded-xl px-4 py-3 text-sm font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600">Numbers per day</summary>
      <DataTable
        columns={columns}
        rows={[...points].reverse()}
        rowKey={(p) => p.day}
        caption="Review history per UTC day, newest first"
        testId="review-history-table"
        variant="inset"
        density="compact"
        className="border-t border-slate-200"
      />
    </details>
  );
}
