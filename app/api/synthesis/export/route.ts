import { exportFilename, exportResponse, parseExportFormat } from '@/lib/export/export-response';
import { normalizeUri } from '@/lib/facts/normalize';
import { scopeSchema } from '@/lib/facts/scope';
import { apiRoute } from '@/lib/http/api-route';
import { SynthesisExport } from '@/lib/wire/synthesis';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import type { SynthesisEntry } from '@/lib/synthesis/synthesis-request';
import { streamSynthesisEntries } from '@/lib/synthesis/stream-synthesis-entries';
import { minConfidenceParam } from '@/lib/synthesis/view/min-confidence-param';

export const dynamic = 'force-dynamic';

// Dashboard-only: the synthesis entries of the page's scope and filters (?scope=&entity=&min=&
// include_expired=1&contradicted=1, as on the page) as CSV or JSON (?format=), read through a database cursor.
export const GET = apiRoute({
  permission: 'read',
  scope: ({ req }) => scopeSchema.parse(new URL(req.url).searchParams.get('scope')),
  audit: { action: 'export.synthesis' },
  ownQuery: true,
  // CSV by default; the JSON form (?format=json) meets the schema.
  produces: ['text/csv', 'application/json'],
  response: SynthesisExport,
  handler: async ({ scopes: [scope], req }) => {
    const url = new URL(req.url);
    const format = parseExportFormat(url.searchParams.get('format'));
    const entity = normalizeUri(url.searchParams.get('entity') ?? '').slice(0, 2048) || null;
    const request = { scope, entity, min_confidence: minConfidenceParam(url.searchParams.get('min')), include_expired: url.searchParams.get('include_expired') === '1', contradicted_only: url.searchParams.get('contradicted') === '1' };
    return exportResponse<SynthesisEntry>({
      format,
      filename: exportFilename(`synthesis-${scope}`, format),
      batches: streamSynthesisEntries(request),
      toJson: (entry) => entry,
      columns: [
        { header: 'entity', value: (e) => e.entity },
        { header: 'relation', value: (e) => e.relation },
        { header: 'value_type', value: (e) => e.value.type },
        { header: 'value', value: (e) => factValueText(e.value) },
        { header: 'confidence', value: (e) => e.confidence },
        { header: 'hlc', value: (e) => e.hlc },
        { header: 'contradicted', value: (e) => e.contradicted },
        { header: 'alt_value', value: (e) => (e.alt_value ? factValueText(e.alt_value) : null) },
        { header: 'alt_confidence', value: (e) => e.alt_confidence },
        { header: 'conflict_id', value: (e) => e.conflict_id },
        { header: 'fact_id', value: (e) => e.fact_id },
      ],
    });
  },
});
