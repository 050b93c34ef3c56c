'use client';

import { useState } from 'react';
import type { TableMaintenance } from '@/lib/db/maintenance/maintenance-status';
import { type Column, DataTable, type TableSort } from '../ui/DataTable';
import { DateTime } from '../ui/DateTime';

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

const columns: Column<TableMaintenance>[] = [
  { key: 'table', header: 'Table', sortKey: 'table', sortValue: (t) => t.table, className: 'font-mono text-xs', cell: (t) => t.table },
  { key: 'rows', header: 'Rows', sortKey: 'rows', sortValue: (t) => t.rows, align: 'right', cell: (t) => count(t.rows) },
  { key: 'dead', header: 'Dead rows', sortKey: 'dead', sortValue: (t) => t.dead_rows, align: 'right', cell: (t) => count(t.dead_rows) },
  { key: 'changed', header: 'Changed since ANALYZE', sortKey: 'changed', sortValue: (t) => t.changes_since_analyze, align: 'right', cell: (t) => count(t.changes_since_analyze) },
  { key: 'size', header: 'Size', sortKey: 'size', sortValue: (t) => t.size_bytes, align: 'right', className: 'whitespace-nowrap', cell: (t) => bytes(t.size_bytes) },
  { key: 'analyze', header: 'Last ANALYZE', className: 'text-xs text-slate-600', cell: (t) => <DateTime iso={latest(t.last_analyze, t.last_autoanalyze)} fallback="never" /> },
  { key: 'vacuum', header: 'Last VACUUM', className: 'text-xs text-slate-600', cell: (t) => <DateTime iso={latest(t.last_vacuum, t.last_autovacuum)} fallback="never" /> },
  { key: 'state', header: 'State', className: 'text-xs whitespace-nowrap', cell: (t) => <State table={t} /> },
];

/**
 * Every table's maintenance state, by name as the API lists them; a header sorts in the browser
 * (the whole list is here), largest first on a second click: which table bloats, which grows.
 */
export function MaintenanceTable({ tables }: { tables: TableMaintenance[] }) {
  const [sort, setSort] = useState<Pick<TableSort, 'key' | 'dir'>>({ key: 'table', dir: 'asc' });
  const onSort = (key: string) => setSort((current) => ({ key, dir: current.key === key && current.dir === 'asc' ? 'desc' : 'asc' }));
  return (
    <DataTable
      columns={columns}
      rows={tables}
      rowKey={(table) => table.table}
      rowProps={(table) => ({ 'data-testid': 'maintenance-row', 'data-table': table.table })}
      caption="Maintenance state of each table"
      testId="maintenance-table"
      variant="inset"
      density="compact"
      sort={{ ...sort, onSort }}
      className="mt-4"
      tableClassName="tabular-nums"
    />
  );
}
