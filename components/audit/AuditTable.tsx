import type { AuditRecord } from '@/lib/audit/audit-record';
import { type Column, DataTable } from '../ui/DataTable';
import { DateTime } from '../ui/DateTime';
import { StatusBadge } from '../ui/StatusBadge';

const muted = <span className="text-slate-500">—</span>;

const columns: Column<AuditRecord>[] = [
  { key: 'at', header: 'When', className: 'text-slate-600', cell: (e) => <DateTime iso={e.at} /> },
  { key: 'action', header: 'Action', className: 'font-mono text-xs whitespace-nowrap', rowHeader: true, cell: (e) => e.action },
  { key: 'outcome', header: 'Outcome', cell: (e) => <StatusBadge status={e.outcome} /> },
  { key: 'status', header: 'Status', align: 'right', className: 'tabular-nums', cell: (e) => e.status },
  {
    key: 'actor',
    header: 'Actor',
    className: 'max-w-64 min-w-48 font-mono text-xs wrap-anywhere',
    cell: (e) => (e.actor ? <span title={e.key_id ? `key ${e.key_id} · ${e.via}` : e.via}>{e.actor}</span> : <span className="text-slate-500">unauthenticated</span>),
  },
  { key: 'scopes', header: 'Scopes', className: 'capitalize', cell: (e) => (e.scopes.length ? e.scopes.join(', ') : <span className="normal-case text-slate-500">node-wide</span>) },
  { key: 'target', header: 'Target', className: 'max-w-56 font-mono text-xs wrap-anywhere', cell: (e) => e.target_id ?? muted },
  { key: 'request', header: 'Request', className: 'max-w-64 font-mono text-xs wrap-anywhere', cell: (e) => (e.method ? `${e.method} ${e.path}` : muted) },
  { key: 'from', header: 'From', className: 'font-mono text-xs whitespace-nowrap', cell: (e) => e.client_address ?? muted },
];

export function AuditTable({ entries, empty }: { entries: AuditRecord[]; empty: React.ReactNode }) {
  return <DataTable columns={columns} rows={entries} rowKey={(e) => e.id} caption="Audit log" testId="audit-table" density="compact" empty={empty} />;
}
