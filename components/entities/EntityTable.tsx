import type { EntitySummary } from '@/lib/entities/search-entities';
import { type Column, DataTable } from '../ui/DataTable';
import { DateTime } from '../ui/DateTime';
import { EntityLink } from './EntityLink';

const columns: Column<EntitySummary>[] = [
  { key: 'entity', header: 'Entity', className: 'max-w-xl', cell: (e) => <EntityLink entity={e.entity} /> },
  { key: 'relations', header: 'Relations', align: 'right', className: 'tabular-nums', cell: (e) => e.relations },
  { key: 'values', header: 'Values', align: 'right', className: 'tabular-nums', cell: (e) => e.values },
  { key: 'live', header: 'Live values', align: 'right', className: 'tabular-nums', cell: (e) => e.liveValues },
  { key: 'asserted', header: 'Last asserted', className: 'text-slate-600', cell: (e) => <DateTime iso={e.lastAssertedAt} /> },
];

export function EntityTable({ entities }: { entities: EntitySummary[] }) {
  return <DataTable columns={columns} rows={entities} rowKey={(e) => e.entity} caption="Entities" testId="entity-table" density="compact" />;
}
