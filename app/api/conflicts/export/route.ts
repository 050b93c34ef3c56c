import type { ContradictionRecord } from '@/lib/conflicts/contradiction-record';
import { streamContradictions } from '@/lib/conflicts/stream-contradictions';
import { exportFilename, exportResponse, parseExportFormat } from '@/lib/export/export-response';
import { apiRoute } from '@/lib/http/api-route';
import { ContradictionExport } from '@/lib/wire/conflict-exports';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { parseQueueFilters, queueSort } from '@/lib/conflicts/view/queue-filters';

export const dynamic = 'force-dynamic';

const valueAt = (c: ContradictionRecord, i: number) => c.values[i];
const text = (c: ContradictionRecord, i: number) => (valueAt(c, i)?.fact ? factValueText(valueAt(c, i)!.fact!.value) : null);

// Dashboard-only: the review queue with the page's filters (status, scope, namespace, entity,
// aged, suggestion) and order — one row per contradicted triple — every page of it, as CSV or JSON
// (?format=), read through a cursor. Scopes the key cannot read are left out as on the page.
export const GET = apiRoute({
  permission: 'read',
  scope: 'listing',
  audit: { action: 'export.conflicts' },
  ownQuery: true,
  // CSV by default; the JSON form (?format=json) meets the schema.
  produces: ['text/csv', 'application/json'],
  response: ContradictionExport,
  handler: async ({ scopes: readable, req }) => {
    const url = new URL(req.url);
    const format = parseExportFormat(url.searchParams.get('format'));
    const filters = parseQueueFilters(Object.fromEntries(url.searchParams));
    const scopes = filters.scope ? readable.filter((s) => s === filters.scope) : readable;
    const query = { scopes, status: filters.status, entity: filters.entity, namespace: filters.namespace, aged: filters.aged, has_suggestion: filters.hasSuggestion, sort: queueSort(filters.status) };
    return exportResponse<ContradictionRecord>({
      format,
      filename: exportFilename(`contradictions-${filters.status}`, format),
      batches: streamContradictions(query),
      toJson: (contradiction) => contradiction,
      columns: [
        { header: 'contradiction_id', value: (c) => c.contradiction_id },
        { header: 'conflict_id', value: (c) => c.conflict_id },
        { header: 'scope', value: (c) => c.scope },
        { header: 'entity', value: (c) => c.entity },
        { header: 'relation', value: (c) => c.relation },
        { header: 'status', value: (c) => (c.resolution_basis === 'dismissed' ? 'dismissed' : c.status) },
        { header: 'opened_at', value: (c) => c.opened_at },
        { header: 'aged', value: (c) => c.aged },
        { header: 'live_values', value: (c) => c.value_count },
        { header: 'value_1', value: (c) => text(c, 0) },
        { header: 'confidence_1', value: (c) => valueAt(c, 0)?.confidence },
        { header: 'source_1', value: (c) => valueAt(c, 0)?.fact?.source },
        { header: 'value_2', value: (c) => text(c, 1) },
        { header: 'confidence_2', value: (c) => valueAt(c, 1)?.confidence },
        { header: 'source_2', value: (c) => valueAt(c, 1)?.fact?.source },
        { header: 'other_values', value: (c) => c.values.slice(2).map((v) => (v.fact ? factValueText(v.fact.value) : '?')).join(' | ') || null },
        { header: 'suggestion', value: (c) => (c.suggestion ? `${text(c, c.values.findIndex((v) => v.fact?.id === c.suggestion!.winning_fact_id)) ?? c.suggestion.winning_fact_id} (${c.suggestion.basis})` : null) },
        { header: 'resolved_by', value: (c) => c.resolved_by },
        { header: 'resolved_at', value: (c) => c.resolved_at },
        { header: 'resolution_basis', value: (c) => c.resolution_basis },
        { header: 'resolution_note', value: (c) => c.resolution_note },
      ],
    });
  },
});
