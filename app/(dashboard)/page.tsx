import type { Metadata } from 'next';
import { ScopeCard } from '@/components/health/ScopeCard';
import { EmptyState } from '@/components/ui/EmptyState';
import { Notice } from '@/components/ui/Notice';
import { PageHeader } from '@/components/ui/PageHeader';
import { requirePrincipal } from '@/lib/auth/current-principal';
import { readableScopes } from '@/lib/auth/principal';
import { scopeCounts } from '@/lib/health/scope-counts';

export const metadata: Metadata = { title: 'Health' };

export default async function HealthPage() {
  const principal = await requirePrincipal('/');
  const scopes = readableScopes(principal);
  const counts = await scopeCounts(scopes);
  return (
    <>
      <PageHeader title="Health" description="Facts and live values per scope you can read. A value is live when its newest fact has confidence above zero and has not expired." />
      {counts.length ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {counts.map((c) => (
            <ScopeCard key={c.scope} counts={c} />
          ))}
        </div>
      ) : (
        <EmptyState title="No readable scopes">This key has no read access to any scope. Ask an admin to add scopes to it.</EmptyState>
      )}
      <div className="mt-6">
        <Notice title="Lint arrives with issue 3">Per-scope findings (contradictions, stale, orphan and broken references) and health trends will appear here.</Notice>
      </div>
    </>
  );
}
