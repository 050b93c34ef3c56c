import type { Metadata } from 'next';
import { Suspense } from 'react';
import { FirstRunGuide } from '@/components/lint/FirstRunGuide';
import { ScopeCardLoader, ScopeCardSkeleton } from '@/components/lint/ScopeCardLoader';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeader } from '@/components/ui/PageHeader';
import { pageAccess } from '@/lib/pages/page-access';
import { overviewHealth, type OverviewHealth } from '@/lib/health-history/overview-health';
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
  // The shell goes out first and each card streams in when its scope's health is computed (or, above
  // the async threshold, its latest health run read: lib/health-history/overview-health.ts). One at a time
  // (each starts when the previous one settled): on the embedded database queries run one after
  // another anyway, and the first card arrives soonest.
  let previous: Promise<unknown> = Promise.resolve();
  const healths = scopes.map((scope) => {
    const health: Promise<OverviewHealth> = previous.then(() => overviewHealth(scope));
    previous = health.catch(() => undefined);
    return { scope, health };
  });
  return (
    <>
      <PageHeader
        title="Health"
        description="Lint findings per scope you can read: unresolved contradictions, stale values, orphaned entities and broken references. Open a scope to work through its findings."
      />
      {healths.length ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {healths.map(({ scope, health }) => (
            <Suspense key={scope} fallback={<ScopeCardSkeleton scope={scope} />}>
              <ScopeCardLoader health={health} />
            </Suspense>
          ))}
        </div>
      ) : (
        <EmptyState title="No readable scopes">This key has no read access to any scope. Ask an admin to add scopes to it.</EmptyState>
      )}
    </>
  );
}
