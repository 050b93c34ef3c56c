import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ConflictQueueLoader } from '@/components/conflicts/ConflictQueueLoader';
import { ConflictQueueSkeleton } from '@/components/conflicts/ConflictQueueSkeleton';
import { ConflictStatusTabs } from '@/components/conflicts/ConflictStatusTabs';
import { ConflictsSubNav } from '@/components/conflicts/ConflictsSubNav';
import { QueueFilterForm } from '@/components/conflicts/QueueFilterForm';
import { LiveRefresh } from '@/components/changes/LiveRefresh';
import { ExportLinks } from '@/components/ui/ExportLinks';
import { PageHeader } from '@/components/ui/PageHeader';
import { pageAccess } from '@/lib/pages/page-access';
import { readChangeBaseline } from '@/lib/changes/read-changes';
import { queryKeys } from '@/lib/client/query-keys';
import type { ConflictStatusFilter } from '@/lib/conflicts/list-conflicts';
import { hasNarrowingFilter, parseQueueFilters, QUEUE_PAGE_SIZE, queueHref, queueOrder } from '@/lib/conflicts/view/queue-filters';

export const metadata: Metadata = { title: 'Conflicts' };

const emptyText: Record<ConflictStatusFilter, string> = {
  unresolved: 'No contradicted triple. Every triple has at most one live value, or its values were decided together.',
  resolved: 'No contradiction has been resolved yet.',
  dismissed: 'No contradiction has been dismissed.',
  all: 'No contradiction has been detected.',
};

export default async function ConflictsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const filters = parseQueueFilters(await searchParams);
  const access = await pageAccess(queueHref(filters, { cursor: filters.cursor }));
  const readable = access.scopes;
  const scopes = filters.scope ? readable.filter((s) => s === filters.scope) : readable;
  const query = {
    scopes,
    status: filters.status,
    entity: filters.entity,
    namespace: filters.namespace,
    aged: filters.aged,
    has_suggestion: filters.hasSuggestion,
    ...queueOrder(filters),
    limit: QUEUE_PAGE_SIZE,
  };

  const narrowed = hasNarrowingFilter(filters);
  const empty = !scopes.length
    ? { title: 'Nothing here', text: filters.scope ? `This key cannot read scope “${filters.scope}”.` : 'This key cannot read any scope.' }
    : narrowed
      ? { title: 'No matching contradictions', text: `${emptyText[filters.status]} (with these filters)` }
      : { title: filters.status === 'unresolved' ? 'All clear' : 'Nothing here', text: emptyText[filters.status] };

  return (
    <>
      <PageHeader
        title="Conflicts"
        description="The review queue: one row per contradicted triple with all its live values, aged ones (over 14 days) first, then newest, or sorted by a column. Take the suggestion, keep a value, or dismiss a false alarm: one decision for the whole triple, undone in one click."
        actions={<ConflictsSubNav current="queue" />}
      />
      <LiveRefresh baseline={await readChangeBaseline(readable)} watch={{ knowledge: true, activity: false }} invalidate={queryKeys.conflicts} />
      <QueueFilterForm filters={filters} scopes={readable} />
      <ConflictStatusTabs filters={filters} />
      <div className="mb-3 flex justify-end">
        <ExportLinks
          href="/api/conflicts/export"
          params={{ status: filters.status, scope: filters.scope, namespace: filters.namespace, entity: filters.entity, aged: filters.aged, has_suggestion: filters.hasSuggestion }}
          what="this queue"
          testId="conflicts-export"
        />
      </div>
      {/* The shell (header, filters, tabs, export) goes out first; the queue streams in when read. */}
      <Suspense fallback={<ConflictQueueSkeleton />}>
        <ConflictQueueLoader filters={filters} query={query} writableScopes={readable.filter((scope) => access.can('write', scope))} empty={empty} />
      </Suspense>
    </>
  );
}
