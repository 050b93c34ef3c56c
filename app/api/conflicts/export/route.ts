import type { ConflictRecord } from '@/lib/conflicts/conflict-record';
import { streamConflicts } from '@/lib/conflicts/stream-conflicts';
import { exportFilename, exportResponse, parseExportFormat } from '@/lib/export/export-response';
import { apiRoute } from '@/lib/http/api-route';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { parseQueueFilters, queueSort } from '@/lib/conflicts/view/queue-filters';

export const dynamic = 'force-dynamic';

const side = (fact: ConflictRecord['fact_a']) => (fact ? factValueText(fact.value) : null);

// Dashboard-only: the conflict queue with the page's filters (status, scope, namespace, entity,
// aged, suggestion) and order, every page of it, as CSV or JSON (?format=), read through a cursor.
// Scopes the key cannot read are left out as on the page.
export const GET = apiRoute({
  permission: 'read',
  handler: async ({ scopes: readable, req }) => {
    const url = new URL(req.url);
    const format = parseExportFormat(url.searchParams.get('format'));
    const filters = parseQueueFilters(Object.fromEntries(url.searchParams));
    const scopes = filters.scope ? readable.filter((s) => s === filters.scope) : readable;
    const query = { scopes, status: filters.status, entity: filters.entity, namespace: filters.namespace, aged: filters.aged, has_suggestion: filters.hasSuggestion, sort: queueSort(filters.status) };
    return exportResponse<ConflictRecord>({
      format,
      filename: exportFilename(`conflicts-${filters.status}`, format),
      batches: streamConflicts(query),
      toJson: (conflict) => conflict,
      columns: [
        { header: 'conflict_id', value: (c) => c.conflict_id },
        { header: 'scope', value: (c) => c.scope },
        { header: 'entity', value: (c) => c.entity },
        { header: 'relation', value: (c) => c.relation },
        { header: 'status', value: (c) => (c.resolution_basis === 'dismissed' ? 'dismissed' : c.status) },
        { header: 'detected_at', value: (c) => c.detected_at },
        { header: 'aged', value: (c) => c.aged },
        { header: 'value_a', value: (c) => side(c.fact_a) },
        { header: 'confidence_a', value: (c) => c.fact_a?.confidence },
        { header: 'source_a', value: (c) => c.fact_a?.source },
        { header: 'value_b', value: (c) => side(c.fact_b) },
        { header: 'confidence_b', value: (c) => c.fact_b?.confidence },
        { header: 'source_b', value: (c) => c.fact_b?.source },
        { header: 'suggestion', value: (c) => (c.suggestion ? `${c.suggestion.winning_fact_id === c.fact_a?.id ? 'A' : 'B'} (${c.suggestion.basis})` : null) },
        { header: 'resolved_by', value: (c) => c.resolved_by },
        { header: 'resolved_at', value: (c) => c.resolved_at },
        { header: 'resolution_basis', value: (c) => c.resolution_basis },
        { header: 'resolution_note', value: (c) => c.resolution_note },
      ],
    });
  },
});
