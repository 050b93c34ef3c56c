import type { Metadata } from 'next';
import { Link } from '@/components/ui/Link';
import { entityHref } from '@/lib/conflicts/view/conflict-href';
import { FactHistoryTable } from '@/components/entities/FactHistoryTable';
import { RelationFilter } from '@/components/entities/RelationFilter';
import { EmptyState } from '@/components/ui/EmptyState';
import { Identifier } from '@/components/ui/Identifier';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { linkStyles } from '@/components/ui/styles';
import { pageAccess } from '@/lib/pages/page-access';
import { decodePathParam } from '@/lib/pages/path-param';
import { entityHistory, entityRelations } from '@/lib/entities/entity-history';
import { normalizeUri } from '@/lib/facts/normalize';

export const metadata: Metadata = { title: 'Entity' };

const PAGE_SIZE = 100;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function EntityPage({ params, searchParams }: { params: Promise<{ entity: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const entity = normalizeUri(decodePathParam((await params).entity));
  const query = await searchParams;
  const relation = one(query.relation) || undefined;
  const cursor = one(query.cursor);
  const baseHref = entityHref(entity);
  const here = relation ? `${baseHref}?relation=${encodeURIComponent(relation)}` : baseHref;
  const { scopes } = await pageAccess(here);
  const [relations, page] = await Promise.all([entityRelations(entity, scopes), entityHistory({ entity, scopes, relation, cursor, limit: PAGE_SIZE })]);
  const liveValues = relations.reduce((sum, r) => sum + r.liveValues, 0);
  const factCount = relations.reduce((sum, r) => sum + r.facts, 0);

  return (
    <>
      <PageHeader
        back={{ href: '/entities', label: 'Entities' }}
        title="Entity"
        description={
          <>
            <span className="block font-mono text-base text-slate-900 wrap-break-word" data-testid="entity-uri">
              <Identifier text={entity} />
            </span>
            {relations.length ? (
              <span className="mt-1 block">
                {factCount} fact{factCount === 1 ? '' : 's'} across {relations.length} relation{relations.length === 1 ? '' : 's'}, {liveValues} live value{liveValues === 1 ? '' : 's'}. Newest first by HLC.
              </span>
            ) : null}
          </>
        }
      />
      {relations.length ? (
        <>
          <RelationFilter baseHref={baseHref} relations={relations} current={relation} />
          {page.facts.length ? (
            <>
              <FactHistoryTable facts={page.facts} />
              <Pagination isFirstPage={!cursor} firstHref={here} nextHref={page.cursor ? `${baseHref}?${new URLSearchParams({ ...(relation ? { relation } : {}), cursor: page.cursor })}` : null} />
            </>
          ) : (
            <EmptyState title="No facts for this relation">
              <Link href={baseHref} className={linkStyles}>
                Show all relations
              </Link>
            </EmptyState>
          )}
        </>
      ) : (
        <EmptyState title="No facts for this entity">
          {scopes.length ? 'Nothing has been asserted about this entity in the scopes you can read.' : 'This key cannot read any scope.'}
        </EmptyState>
      )}
    </>
  );
}
