import { type Column, DataTable } from '../ui/DataTable';
import type { ParameterView } from '@/lib/openapi/view/reference-view';

const columns = (withLocation: boolean): Column<ParameterView>[] => [
  { key: 'name', header: 'Name', rowHeader: true, className: 'font-mono text-xs break-all text-slate-900', cell: (p) => p.name },
  ...(withLocation ? [{ key: 'in', header: 'In', className: 'text-xs text-slate-600', cell: (p: ParameterView) => p.location }] : []),
  { key: 'type', header: 'Type', className: 'font-mono text-xs break-words text-slate-700', cell: (p) => p.type },
  { key: 'required', header: 'Required', className: 'text-xs text-slate-700', cell: (p) => (p.required ? 'required' : 'optional') },
];

/** The parameters of an operation, or the fields of its body: name, where it goes, type, required. */
export function FieldTable({ rows, caption, withLocation = false }: { rows: ParameterView[]; caption: string; withLocation?: boolean }) {
  return <DataTable columns={columns(withLocation)} rows={rows} rowKey={(p) => `${p.location}:${p.name}`} caption={caption} variant="plain" tableClassName="text-sm" stackOnPhone />;
}
