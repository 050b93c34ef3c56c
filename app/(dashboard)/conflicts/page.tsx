import type { Metadata } from 'next';
import { ConflictStatusTabs } from '@/components/conflicts/ConflictStatusTabs';
import { ConflictTable } from '@/components/conflicts/ConflictTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { requirePrincipal } from '@/lib/auth/current-principal';
import { readableScopes } from '@/lib/auth/principal';
import { CONFLICT_STATUS_FILTERS, type ConflictStatusFilter, listConflicts } from '@/lib/conflicts/list-conflicts';
import { isFactScope } from '@/lib/facts/scope';
import { ApiError } from '@/lib/http/api-error';

export const metadata: Metadata = { title: 'Conflicts' };

type SearchParams = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const PAGE_SIZE = 50;

const emptyText: Record<ConflictStatusFilter, string> = {
  unresolved: 'No unresolved conflicts. Every triple has at most one live value.',
  resolved: 'No conflict has been resolved yet.',
  dismissed: 'No conflict has been dismissed.',
  all: 'No conflict has been detected.',
};

export default async function ConflictsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const statusParam = one(params.status);
  const status: ConflictStatusFilter = (CONFLICT_STATUS_FILTERS as readonly string[]).includes(statusParam ?? '') ? (statusParam as ConflictStatusFilter) : 'unresolved';
  const scopeParam = one(params.scope);
  const cursor = one(params.cursor);
  const query = new URLSearchParams({ status, ...(scopeParam ? { scope: scopeParam } : {}) });
  const principal = await requirePrincipal(`/conflicts?${query}`);

  const readable = readableScopes(principal);
  const scope = isFactScope(scopeParam) ? scopeParam : undefined;
  const scopes = scope ? readable.filter((s) => s === scope) : readable;
  // A cursor that does not parse (edited URL) starts over instead of failing the page.
  const page = await listConflicts({ scopes, status, cursor, limit: PAGE_SIZE }).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'invalid_cursor') return listConflicts({ scopes, status, limit: PAGE_SIZE });
    throw error;
  });

  return (
    <>
      <PageHeader
        title="Conflicts"
        description={
          <>
            Triples with two live values, newest detection first{scope ? <> — scope <strong className="capitalize">{scope}</strong></> : null}. Open one to keep a side or
            dismiss it.
          </>
        }
      />
      <ConflictStatusTabs current={status} scope={scope} />
      {page.conflicts.length ? (
        <>
          <ConflictTable conflicts={page.conflicts} />
          <Pagination isFirstPage={!cursor} firstHref={`/conflicts?${query}`} nextHref={page.cursor ? `/conflicts?${new URLSearchParams({ ...Object.fromEntries(query), cursor: page.cursor })}` : null} />
        </>
      ) : (
        <EmptyState title={status === 'unresolved' ? 'All clear' : 'Nothing here'}>{scopes.length ? emptyText[status] : scope ? `This key cannot read scope “${scope}”.` : 'This key cannot read any scope.'}</EmptyState>
      )}
    </>
  );
}
