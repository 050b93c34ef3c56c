import type { Metadata } from 'next';
import { EntitySearchForm } from '@/components/entities/EntitySearchForm';
import { EntityTable } from '@/components/entities/EntityTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { pageAccess } from '@/lib/pages/page-access';
import { type EntityMatchMode, searchEntities } from '@/lib/entities/search-entities';

export const metadata: Metadata = { title: 'Entities' };

const PAGE_SIZE = 50;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function EntitiesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const text = (one(params.q) ?? '').slice(0, 500);
  const match: EntityMatchMode = one(params.match) === 'prefix' ? 'prefix' : 'contains';
  const after = one(params.after);
  const query = new URLSearchParams({ ...(text ? { q: text } : {}), ...(match !== 'contains' ? { match } : {}) });
  const { scopes } = await pageAccess(`/entities${query.size ? `?${query}` : ''}`);
  const { entities, next } = await searchEntities({ scopes, text, match, after, limit: PAGE_SIZE });

  return (
    <>
      <PageHeader title="Entities" description="Every entity with facts in the scopes you can read. Open one to see its full history." />
      <EntitySearchForm text={text} match={match} />
      {entities.length ? (
        <>
          <EntityTable entities={entities} />
          <Pagination
            isFirstPage={!after}
            firstHref={`/entities${query.size ? `?${query}` : ''}`}
            nextHref={next ? `/entities?${new URLSearchParams({ ...Object.fromEntries(query), after: next })}` : null}
          />
        </>
      ) : (
        <EmptyState title={text ? 'No matching entities' : 'No entities yet'}>
          {!scopes.length
            ? 'This key cannot read any scope.'
            : text
              ? `No entity ${match === 'prefix' ? 'starts with' : 'contains'} “${text}” in the scopes you can read.`
              : 'Assert a fact with POST /v1/facts and its entity appears here.'}
        </EmptyState>
      )}
    </>
  );
}
