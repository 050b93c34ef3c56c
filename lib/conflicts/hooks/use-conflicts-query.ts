'use client';

import { useQuery } from '@tanstack/react-query';
import type { ContradictionsPage } from '@/lib/conflicts/list-conflicts';
import { conflictsApiPath, type QueueFilters } from '@/lib/conflicts/view/queue-filters';
import { apiFetch } from '../../client/api-client';
import { queryKeys } from '../../client/query-keys';

export type { ContradictionsPage };

/** GET /v1/conflicts?group=triple for one queue view; the server page hands over the first answer. */
export function useConflictsQuery(filters: QueueFilters, options: { initialData?: ContradictionsPage; initialDataUpdatedAt?: number } = {}) {
  const path = conflictsApiPath(filters);
  return useQuery({
    queryKey: [...queryKeys.conflicts, 'list', path],
    queryFn: () => apiFetch<ContradictionsPage>(path),
    initialData: options.initialData,
    initialDataUpdatedAt: options.initialDataUpdatedAt,
  });
}
