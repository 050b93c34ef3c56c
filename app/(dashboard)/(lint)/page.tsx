import type { Metadata } from 'next';
import { Suspense } from 'react';
import { FirstRunGuide } from '@/components/lint/FirstRunGuide';
import { OverviewLoader, OverviewSkeleton } from '@/components/lint/OverviewLoader';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeader } from '@/components/ui/PageHeader';
import { pageAccess } from '@/lib/pages/page-access';
import { nodeHasFacts } from '@/lib/node/node-has-facts';
import { nodeInfo } from '@/lib/node/node-info';
import { requestOrigin } from '@/lib/node/request-origin';

export const metadata: Metadata = { title: 'Health' };

export default async function HealthPage() {
  const { scopes } = await pageAccess('/');
  // A node nobody has written to yet gets the first-run guide instead of empty cards (a key whose
  // scopes are merely empty on a busy node sees its healthy cards).
  if (!(await nodeHasFacts())) {
    const info = await nodeInfo(`${await requestOrigin()}/`);
    return (
      <>
        <PageHeader title="Health" description="Welcome to Stigmem Health, a knowledge-base health node for the Stigmem fact protocol." />
        <FirstRunGuide nodeUrl={info.node_url} authRequired={info.auth === 'required'} />
      </>
    );
  }
  // The shell goes out first; the summary and the cards, worst first, stream in once every scope's
  // health is read (live, or above the async threshold its latest health run:
  // lib/health-history/overview-health.ts). Sorting needs every score, so the cards arrive together.
  return (
    <>
      <PageHeader
        title="Health"
        description="Lint findings per scope you can read, worst first: unresolved contradictions, stale values, orphaned entities and broken references. The page updates itself when anything changes; open a scope to work through its findings."
      />
      {scopes.length ? (
        <Suspense fallback={<OverviewSkeleton scopes={scopes} />}>
          <OverviewLoader scopes={scopes} />
        </Suspense>
      ) : (
        <EmptyState title="No readable scopes">This key has no read access to any scope. Ask an admin to add scopes to it.</EmptyState>
      )}
    </>
  );
}
