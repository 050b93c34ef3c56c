import { type ConflictQuery, listContradictions } from '@/lib/conflicts/list-conflicts';
import type { QueueFilters } from '@/lib/conflicts/view/queue-filters';
import { DomainError } from '@/lib/errors/domain-error';
import { ConflictQueue } from './ConflictQueue';

/**
 * The review queue once its page of contradictions is read; the conflicts page streams it in below its
 * filters. A cursor that does not parse (an edited URL) starts over instead of failing the page.
 */
export async function ConflictQueueLoader({
  filters,
  query,
  writableScopes,
  empty,
}: {
  filters: QueueFilters;
  query: Omit<ConflictQuery, 'cursor'>;
  writableScopes: string[];
  empty: { title: string; text: string };
}) {
  let shown = filters;
  const page = await listContradictions({ ...query, cursor: filters.cursor }).catch((error: unknown) => {
    if (!(error instanceof DomainError && error.code === 'invalid_cursor')) throw error;
    shown = { ...filters, cursor: undefined };
    return listContradictions(query);
  });
  return <ConflictQueue filters={shown} initialPage={page} fetchedAt={Date.now()} writableScopes={writableScopes} empty={empty} />;
}
