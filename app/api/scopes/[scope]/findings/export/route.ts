import { exportFilename, exportResponse, parseExportFormat } from '@/lib/export/export-response';
import { scopeSchema } from '@/lib/facts/scope';
import { parseFindingsView, toPageQuery } from '@/lib/lint/view/findings-query';
import { apiRoute } from '@/lib/http/api-route';
import { FindingsExport } from '@/lib/wire/lint';
import { type ScopeFinding, streamFindings } from '@/lib/lint/stream-findings';

export const dynamic = 'force-dynamic';

// Dashboard-only: every finding of the scope page's current filters and sort (the page's own URL
// parameters) as CSV or JSON (?format=). One lint query read through a cursor, 1,000 rows at a time.
export const GET = apiRoute({
  permission: 'read',
  scope: ({ params }) => scopeSchema.parse(params.scope),
  audit: { action: 'export.findings' },
  invalidStatus: 400,
  ownQuery: true,
  // CSV by default; the JSON form (?format=json) meets the schema.
  produces: ['text/csv', 'application/json'],
  response: FindingsExport,
  handler: async ({ scopes: [scope], req }) => {
    const url = new URL(req.url);
    const format = parseExportFormat(url.searchParams.get('format'));
    const view = parseFindingsView(Object.fromEntries(url.searchParams));
    return exportResponse<ScopeFinding>({
      format,
      filename: exportFilename(`findings-${scope}`, format),
      batches: streamFindings({ ...toPageQuery(view), scope }),
      toJson: (finding) => finding,
      columns: [
        { header: 'severity', value: (f) => f.severity },
        { header: 'check', value: (f) => f.check },
        { header: 'entity', value: (f) => f.entity },
        { header: 'relation', value: (f) => f.relation },
        { header: 'namespace', value: (f) => f.namespace },
        { header: 'detail', value: (f) => f.detail },
        { header: 'conflict_id', value: (f) => f.conflict_id },
        { header: 'ref_target', value: (f) => f.ref_target },
        { header: 'valid_until', value: (f) => f.valid_until },
        { header: 'fact_ids', value: (f) => f.fact_ids.join(' ') },
      ],
    });
  },
});
