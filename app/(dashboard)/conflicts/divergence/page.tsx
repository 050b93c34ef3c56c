import type { Metadata } from 'next';
import { ConflictsSubNav } from '@/components/conflicts/ConflictsSubNav';
import { DivergenceCard } from '@/components/conflicts/DivergenceCard';
import { DivergenceFilterForm } from '@/components/conflicts/DivergenceFilterForm';
import { EmptyState } from '@/components/ui/EmptyState';
import { Notice } from '@/components/ui/Notice';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { pageAccess } from '@/lib/pages/page-access';
import { listDivergences } from '@/lib/conflicts/divergence';
import { normalizeUri } from '@/lib/facts/normalize';

export const metadata: Metadata = { title: 'Divergence' };

const PAGE_SIZE = 25;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function DivergencePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const entity = normalizeUri(one(params.entity) ?? '').slice(0, 1024);
  const offset = Math.max(0, Math.floor(Number(one(params.offset)) || 0));
  const href = (at: number) => `/conflicts/divergence?${new URLSearchParams({ ...(entity ? { entity } : {}), ...(at ? { offset: String(at) } : {}) })}`;
  const { scopes } = await pageAccess(href(offset));
  const page = await listDivergences(scopes, { entity: entity || undefined, offset, limit: PAGE_SIZE });

  return (
    <>
      <PageHeader
        title="Divergence"
        description="The same entity and relation with different live winners in different scopes you can read: a disagreement the same-scope contradiction rule cannot see."
        actions={<ConflictsSubNav current="divergence" />}
      />
      <div className="space-y-4">
        <Notice title="Informational">
          Scopes may legitimately disagree (a team&apos;s working value versus the company&apos;s published one), so nothing here is a conflict to resolve. To align a scope,
          assert the value there.
        </Notice>
        <DivergenceFilterForm entity={entity} />
        {scopes.length < 2 ? (
          <EmptyState title="Needs two scopes">Divergence compares scopes; this key can read {scopes.length ? `only “${scopes[0]}”` : 'no scope'}.</EmptyState>
        ) : page.divergences.length ? (
          <>
            <p className="text-sm text-slate-600" data-testid="divergence-count">
              {page.total} {page.total === 1 ? 'pair differs' : 'pairs differ'} across {scopes.join(', ')}
              {page.total > PAGE_SIZE ? ` · showing ${offset + 1}–${offset + page.divergences.length}` : ''}
            </p>
            <ul className="space-y-3">
              {page.divergences.map((item) => (
                <DivergenceCard key={`${item.entity}\u0000${item.relation}`} item={item} />
              ))}
            </ul>
            <Pagination isFirstPage={offset === 0} firstHref={href(0)} nextHref={offset + PAGE_SIZE < page.total ? href(offset + PAGE_SIZE) : null} />
          </>
        ) : (
          <EmptyState title="No divergence">{entity ? `“${entity}” has the same live winner in every scope you can read.` : 'Every entity and relation has the same live winner in every scope you can read.'}</EmptyState>
        )}
      </div>
    </>
  );
}
