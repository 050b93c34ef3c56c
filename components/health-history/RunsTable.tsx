import { Link } from '@/components/ui/Link';
import type { SeriesPoint } from '@/lib/health-history/summary';
import { type Column, DataTable } from '../ui/DataTable';
import { DateTime } from '../ui/DateTime';
import { linkStyles } from '../ui/styles';

const ok = (p: SeriesPoint, text: string) => (p.status === 'ok' ? text : '—');

/** The latest runs as a table (the keyboard way to open a run), newest first. */
export function RunsTable({ scope, range, series, selected }: { scope: string; range: string; series: SeriesPoint[]; selected: string | null }) {
  const columns: Column<SeriesPoint>[] = [
    {
      key: 'started',
      header: 'Started',
      cell: (p) => (
        <Link href={`/health-history/${scope}?range=${range}&run=${p.run_id}#run`} scroll={false} className={linkStyles}>
          <DateTime iso={p.at} />
        </Link>
      ),
    },
    { key: 'score', header: 'Score', className: 'tabular-nums', cell: (p) => (p.status === 'ok' ? p.score : <span className="font-medium text-rose-700">failed</span>) },
    { key: 'findings', header: 'Findings', className: 'tabular-nums', cell: (p) => ok(p, String(p.totals.error + p.totals.warning + p.totals.info)) },
    { key: 'change', header: 'New / fixed', className: 'tabular-nums', cell: (p) => ok(p, `+${p.new_count} / −${p.fixed_count}`) },
    { key: 'duration', header: 'Duration', className: 'tabular-nums', cell: (p) => (p.duration_ms === null ? '—' : `${(p.duration_ms / 1000).toFixed(1)} s`) },
  ];
  return (
    <DataTable
      columns={columns}
      rows={series.slice(-15).reverse()}
      rowKey={(p) => p.run_id}
      isSelected={(p) => p.run_id === selected}
      caption="Latest runs"
      captionVisible
      testId="runs-table"
      density="compact"
      className="mt-6"
    />
  );
}
