import { scopesWith } from '@/lib/auth/principal';
import { z } from 'zod';
import type { AuditRecord } from '@/lib/audit/audit-record';
import { auditQuerySchema } from '@/lib/audit/list-audit';
import { streamAudit } from '@/lib/audit/stream-audit';
import { EXPORT_FORMATS, type ExportColumn, exportFilename, exportResponse } from '@/lib/export/export-response';
import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { AuditExport } from '@/lib/wire/audit';

export const dynamic = 'force-dynamic';

const exportQuerySchema = auditQuerySchema.omit({ cursor: true, limit: true }).extend({ format: z.enum(EXPORT_FORMATS).default('csv') });

const COLUMNS: ExportColumn<AuditRecord>[] = [
  { header: 'id', value: (e) => e.id },
  { header: 'at', value: (e) => e.at },
  { header: 'action', value: (e) => e.action },
  { header: 'outcome', value: (e) => e.outcome },
  { header: 'status', value: (e) => e.status },
  { header: 'actor', value: (e) => e.actor },
  { header: 'key_id', value: (e) => e.key_id },
  { header: 'via', value: (e) => e.via },
  { header: 'scopes', value: (e) => e.scopes.join(' ') },
  { header: 'target_id', value: (e) => e.target_id },
  { header: 'method', value: (e) => e.method },
  { header: 'path', value: (e) => e.path },
  { header: 'client_address', value: (e) => e.client_address },
  { header: 'detail', value: (e) => (e.detail === null ? null : JSON.stringify(e.detail)) },
];

// Every entry GET /v1/audit would page through with the same filters, as CSV (the default) or
// JSON (?format=json), streamed; exporting is itself recorded.
export const GET = apiRoute({
  permission: 'admin',
  query: exportQuerySchema,
  scope: ({ query }) => query.scope,
  invalidStatus: 400,
  produces: ['text/csv', 'application/json'],
  response: AuditExport,
  audit: { action: 'export.audit' },
  handler: async ({ query, principal }) => {
    const format = query.format;
    return exportResponse({
      format,
      filename: exportFilename('audit', format),
      batches: streamAudit(query, scopesWith(principal, 'admin')),
      toJson: (entry) => entry,
      columns: COLUMNS,
    });
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
