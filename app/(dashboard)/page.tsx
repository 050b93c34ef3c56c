import type { Metadata } from 'next';
import { ScopeCard } from '@/components/health/ScopeCard';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeader } from '@/components/ui/PageHeader';
import { requirePrincipal } from '@/lib/auth/current-principal';
import { readableScopes } from '@/lib/auth/principal';
import { scopeHealth, type ScopeHealth } from '@/lib/lint/lint-summary';

export const metadata: Metadata = { title: 'Health' };

export default async function HealthPage() {
  const principal = await requirePrincipal('/');
  const scopes = readableScopes(principal);
  const healths: ScopeHealth[] = [];
  // One at a time: on the embedded database queries run one after another anyway.
  for (const scope of scopes) healths.push(await scopeHealth(scope));
  return (
    <>
      <PageHeader
        title="Health"
        description="Lint findings per scope you can read: unresolved contradictions, stale values, orphaned entities and broken references. Open a scope to work through its findings."
      />
      {healths.length ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {healths.map((health) => (
            <ScopeCard key={health.scope} health={health} />
          ))}
        </div>
      ) : (
        <EmptyState title="No readable scopes">This key has no read access to any scope. Ask an admin to add scopes to it.</EmptyState>
      )}
    </>
  );
}
