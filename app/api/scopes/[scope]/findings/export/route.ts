import { authorize } from '@/lib/auth/principal';
import { arrayBatches, exportFilename, exportResponse, parseExportFormat } from '@/lib/export/export-response';
import { scopeSchema } from '@/lib/facts/scope';
import { parseFindingsView, toPageQuery } from '@/lib/health/findings-query';
import { apiRoute } from '@/lib/http/api-route';
import { findingsPage } from '@/lib/lint/findings-page';

export const dynamic = 'force-dynamic';

// Dashboard-only: every finding of the scope page's current filters and sort (the page's own URL
// parameters) as CSV or JSON (?format=). One lint query, streamed out in batches of 1,000 rows.
export const GET = apiRoute({
  invalidStatus: 400,
  handler: async ({ params, principal, req }) => {
    const scope = scopeSchema.parse(params.scope);
    authorize(principal, 'read', scope);
    const url = new URL(req.url);
    const format = parseExportFormat(url.searchParams.get('format'));
    const view = parseFindingsView(Object.fromEntries(url.searchParams));
    // findingsPage's own limit (200) is for a page; the export asks for every row in one query.
    const { findings } = await findingsPage({ ...toPageQuery(view), scope, offset: 0, limit: Number.MAX_SAFE_INTEGER });
    type Finding = (typeof findings)[number];
    return exportResponse<Finding>({
      format,
      filename: exportFilename(`findings-${scope}`, format),
      batches: arrayBatches(findings),
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
