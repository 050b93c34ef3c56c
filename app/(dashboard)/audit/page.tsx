import type { Metadata } from 'next';
import { AuditFilterForm } from '@/components/audit/AuditFilterForm';
import { AuditTable } from '@/components/audit/AuditTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { ExportLinks } from '@/components/ui/ExportLinks';
import { Notice } from '@/components/ui/Notice';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { auditQuerySchema, listAudit } from '@/lib/audit/list-audit';
import { auditApiParams, auditHref, parseAuditFilters } from '@/lib/audit/view/audit-filters';
import { pageAccess } from '@/lib/pages/page-access';

export const metadata: Metadata = { title: 'Audit log' };

const PAGE_SIZE = 100;

// The audit log as GET /v1/audit answers it to the signed-in admin: the entries of the scopes it
// administers, node-wide ones only to an admin of every scope (lib/audit/list-audit.ts).
export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const filters = parseAuditFilters(await searchParams);
  const access = await pageAccess(auditHref(filters, filters.cursor));
  const description = 'Every privileged or state-changing act on this node, and every refused request: who, what, which scopes, when, from where, and how it ended. Entries are never changed; they leave only when the retention (STIGMEM_AUDIT_RETENTION_DAYS) passes.';
  if (!access.can('admin')) {
    return (
      <>
        <PageHeader title="Audit log" description={description} />
        <Notice tone="warning" title="Needs admin" testId="audit-needs-admin">
          Reading the audit log needs the admin permission, and shows the entries of the scopes the key administers.
        </Notice>
      </>
    );
  }
  const scopes = access.scopesWith('admin');
  const params = auditApiParams(filters, new Date());
  const query = auditQuerySchema.parse({ ...params, limit: String(PAGE_SIZE), ...(filters.cursor ? { cursor: filters.cursor } : {}) });
  const page = await listAudit(query, scopes).catch(() => null);
  return (
    <>
      <PageHeader title="Audit log" description={description} />
      <AuditFilterForm filters={filters} scopes={scopes} />
      {!access.everyScope('admin') ? (
        <p className="mb-4 text-sm text-slate-600" data-testid="audit-scope-note">
          Showing entries of {scopes.length ? scopes.join(', ') : 'no scope'} only: node-wide entries (sign-ins, maintenance, refusals before a scope was known) need an admin key of every scope.
        </p>
      ) : null}
      {!page ? (
        <Notice tone="error" title="This page of the log cannot be shown" testId="audit-bad-cursor">
          The link holds a cursor this node did not issue. <a href={auditHref(filters)}>Start from the newest entries.</a>
        </Notice>
      ) : (
        <>
          <AuditTable entries={page.entries} empty={<EmptyState title="No entries">Nothing recorded matches these filters.</EmptyState>} />
          <Pagination isFirstPage={!filters.cursor} firstHref={auditHref(filters)} nextHref={page.next_cursor ? auditHref(filters, page.next_cursor) : null} />
          <div className="mt-4">
            <ExportLinks href="/v1/audit/export" params={params} what="these entries" testId="audit-export-links" />
          </div>
        </>
      )}
    </>
  );
}
