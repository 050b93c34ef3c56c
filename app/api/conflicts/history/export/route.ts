import { reviewHistory } from '@/lib/conflicts/review-history';
import { arrayBatches, exportFilename, exportResponse, parseExportFormat } from '@/lib/export/export-response';
import { apiRoute } from '@/lib/http/api-route';
import { ReviewHistoryExport } from '@/lib/wire/conflict-exports';
import { parseHistoryRange } from '@/lib/conflicts/view/history-range';
import { prepareReviewHistory, type ReviewDayPoint } from '@/lib/conflicts/view/prepare-review-history';

export const dynamic = 'force-dynamic';

// Dashboard-only: the review history page's "Numbers per day" table (?scope=&days=, as on the page)
// as CSV or JSON (?format=): one row per UTC day over the scopes the key can read.
export const GET = apiRoute({
  permission: 'read',
  scope: 'listing',
  audit: { action: 'export.review_history' },
  ownQuery: true,
  // CSV by default; the JSON form (?format=json) meets the schema.
  produces: ['text/csv', 'application/json'],
  response: ReviewHistoryExport,
  handler: async ({ scopes: readable, req }) => {
    const url = new URL(req.url);
    const format = parseExportFormat(url.searchParams.get('format'));
    const range = parseHistoryRange(Object.fromEntries(url.searchParams));
    const scopes = range.scope ? readable.filter((s) => s === range.scope) : readable;
    const history = scopes.length ? await reviewHistory(scopes, range.days) : { history: [] };
    const points = prepareReviewHistory(history.history, { today: new Date().toISOString().slice(0, 10), days: range.days });
    return exportResponse<ReviewDayPoint>({
      format,
      filename: exportFilename(`review-history-${range.scope ?? 'all'}-${range.days}d`, format),
      batches: arrayBatches(points),
      columns: [
        { header: 'day', value: (p) => p.day },
        { header: 'detected', value: (p) => p.detected },
        { header: 'resolved', value: (p) => p.resolved },
        { header: 'resolved_manual', value: (p) => p.resolvedByBasis.manual },
        { header: 'resolved_evidence', value: (p) => p.resolvedByBasis.evidence },
        { header: 'resolved_confidence', value: (p) => p.resolvedByBasis.confidence },
        { header: 'resolved_retracted', value: (p) => p.resolvedByBasis.retracted },
        { header: 'dismissed', value: (p) => p.dismissed },
        { header: 'pending', value: (p) => p.pending },
        { header: 'mean_pending_age_days', value: (p) => p.meanAgeDays },
      ],
    });
  },
});
