import type { Metadata } from 'next';
import { SourceDetailPanel } from '@/components/sources/SourceDetailPanel';
import { SourcesFilters } from '@/components/sources/SourcesFilters';
import { SourcesTable } from '@/components/sources/SourcesTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { Notice } from '@/components/ui/Notice';
import { OffsetPagination } from '@/components/ui/OffsetPagination';
import { PageHeader } from '@/components/ui/PageHeader';
import { scopeAccessNotice } from '@/components/ui/ScopeAccessNotice';
import { DomainError } from '@/lib/errors/domain-error';
import { pageAccess } from '@/lib/pages/page-access';
import { listSources, sourcesQuerySchema } from '@/lib/sources/list-sources';
import { getSourceDetail, type SourceDetail } from '@/lib/sources/source-detail';
import { SOURCES_PAGE_SIZE, parseSourcesFilters, sourcesHref } from '@/lib/sources/view/sources-view';

export const metadata: Metadata = { title: 'Sources' };

const DESCRIPTION =
  'Every agent or person that wrote to a scope, with the evidence for trusting it: what it wrote and still holds, the contradictions it took part in and how each was decided, how much of what it holds has expired, and the injection and sensitive findings and quarantined facts on its values.';

/** The detail of the source in the URL; null when it wrote nothing in the scope. */
async function detailOf(source: string | null, scope: Parameters<typeof getSourceDetail>[1]['scope']): Promise<SourceDetail | null> {
  if (!source) return null;
  try {
    return await getSourceDetail(source, { scope, limit: 50 });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'source_not_found') return null;
    throw error;
  }
}

export default async function SourcesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const parsed = parseSourcesFilters(await searchParams);
  const access = await pageAccess(sourcesHref(parsed, { offset: parsed.offset }));
  const scopes = access.scopes;
  const notice = scopeAccessNotice(scopes, parsed.scope ?? scopes[0], 'sources-no-access');
  if (notice) {
    return (
      <>
        <PageHeader title="Sources" description={DESCRIPTION} />
        {notice}
      </>
    );
  }
  const filters = { ...parsed, scope: parsed.scope ?? scopes[0] };
  const [page, detail] = await Promise.all([
    listSources(sourcesQuerySchema.parse({ scope: filters.scope, sort: filters.sort, agents_only: String(filters.agentsOnly), limit: SOURCES_PAGE_SIZE, offset: filters.offset })),
    detailOf(filters.source, filters.scope),
  ]);
  const shownTo = filters.offset + page.sources.length;
  return (
    <>
      <PageHeader title="Sources" description={DESCRIPTION} />
      <SourcesFilters filters={filters} scopes={scopes} />
      {filters.source && !detail ? (
        <div className="mb-4">
          <Notice tone="warning" title="No such source here" testId="source-not-found">
            {filters.source} wrote no fact in {filters.scope}.
          </Notice>
        </div>
      ) : null}
      {detail ? <SourceDetailPanel detail={detail} closeHref={sourcesHref(filters, { source: null, offset: filters.offset })} /> : null}
      <p className="mb-3 text-sm text-slate-600" data-testid="sources-total">
        {page.total.toLocaleString('en-US')} {filters.agentsOnly ? 'agents' : 'sources'} wrote to {filters.scope}
        {page.total > page.sources.length && page.sources.length ? ` (showing ${(filters.offset + 1).toLocaleString('en-US')}–${shownTo.toLocaleString('en-US')})` : ''}. Counted now, from the
        same definitions as lint and the conflicts queue.
      </p>
      <SourcesTable
        sources={page.sources}
        filters={filters}
        empty={
          <EmptyState title={filters.offset ? 'No sources on this page' : 'No source wrote to this scope yet'} testId="sources-empty">
            {filters.offset ? 'Go back to the first page.' : 'Sources appear here once an agent writes a fact to the scope.'}
          </EmptyState>
        }
      />
      <OffsetPagination offset={filters.offset} shown={page.sources.length} pageSize={SOURCES_PAGE_SIZE} total={page.total} href={(offset) => sourcesHref(filters, { offset })} />
    </>
  );
}
