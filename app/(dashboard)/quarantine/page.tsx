import type { Metadata } from 'next';
import { QuarantineFilters } from '@/components/quarantine/QuarantineFilters';
import { QuarantineQueue } from '@/components/quarantine/QuarantineQueue';
import { EmptyState } from '@/components/ui/EmptyState';
import { Notice } from '@/components/ui/Notice';
import { OffsetPagination } from '@/components/ui/OffsetPagination';
import { PageHeader } from '@/components/ui/PageHeader';
import { pageAccess } from '@/lib/pages/page-access';
import { listQuarantine, quarantineQuerySchema } from '@/lib/quarantine/list-quarantine';
import { QUARANTINE_PAGE_SIZE, parseQuarantineFilters, quarantineHref } from '@/lib/quarantine/view/quarantine-view';

export const metadata: Metadata = { title: 'Quarantine' };

const DESCRIPTION =
  'Facts held out of the knowledge base (Spec-08): sent here from an injection or sensitive finding, or quarantined as they were written in a scope that asks for it. A pending fact is out of facts, recall, synthesis, context and lint. Admit it to let it back, or reject it to retract it for good.';

const EMPTY: Record<string, { title: string; text: string }> = {
  pending: { title: 'Nothing waits for a decision', text: 'Facts sent to quarantine from a finding, or flagged as they were written in a scope that quarantines flagged writes, appear here.' },
  promoted: { title: 'No admitted facts', text: 'Facts a moderator let back into the knowledge base appear here.' },
  rejected: { title: 'No rejected facts', text: 'Facts a moderator rejected (and so retracted) appear here.' },
  all: { title: 'Nothing was ever quarantined here', text: 'Send a value here from its injection or sensitive finding on a scope page.' },
};

// Moderating is the admin permission on the fact's scope (app/v1/quarantine); the page shows the
// scopes the signed-in key administers.
export default async function QuarantinePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const filters = parseQuarantineFilters(await searchParams);
  const access = await pageAccess(quarantineHref(filters, { offset: filters.offset }));
  if (!access.can('admin')) {
    return (
      <>
        <PageHeader title="Quarantine" description={DESCRIPTION} />
        <Notice tone="warning" title="Needs admin" testId="quarantine-needs-admin">
          Moderating quarantined facts needs the admin permission on their scope.
        </Notice>
      </>
    );
  }
  const scopes = access.scopesWith('admin');
  const listed = filters.scope && scopes.includes(filters.scope) ? [filters.scope] : scopes;
  const query = quarantineQuerySchema.parse({ ...(filters.status === 'all' ? {} : { status: filters.status }), limit: QUARANTINE_PAGE_SIZE, offset: filters.offset });
  const page = await listQuarantine(query, listed);
  const empty = EMPTY[filters.status];
  const shownTo = filters.offset + page.items.length;
  return (
    <>
      <PageHeader title="Quarantine" description={DESCRIPTION} />
      <QuarantineFilters filters={filters} scopes={scopes} />
      <p className="mb-3 text-sm text-slate-600" data-testid="quarantine-total">
        {page.total.toLocaleString('en-US')} {filters.status === 'all' ? 'facts' : filters.status === 'promoted' ? 'admitted' : filters.status} in {listed.join(', ')}
        {page.total > page.items.length ? ` (showing ${(filters.offset + 1).toLocaleString('en-US')}–${shownTo.toLocaleString('en-US')})` : ''}.
      </p>
      <QuarantineQueue key={`${filters.status}:${filters.scope}:${filters.offset}`} items={page.items} emptyState={<EmptyState title={empty.title}>{empty.text}</EmptyState>} />
      <OffsetPagination offset={filters.offset} shown={page.items.length} pageSize={QUARANTINE_PAGE_SIZE} total={page.total} href={(offset) => quarantineHref(filters, { offset })} />
    </>
  );
}
